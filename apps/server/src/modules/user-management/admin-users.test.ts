import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { ACCESS_REFUSALS } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { insertMember, insertOrganization } from '../../../test/event-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  deliverMessages,
  loginAs,
  type TestApp,
} from '../../../test/helpers.js';
import { paidBooking } from '../../../test/paid-order-fixtures.js';
import {
  auditLog,
  bookings,
  nonProfitExemptions,
  outboxMessages,
  sessions,
  users,
} from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { BLOCKED_MESSAGE } from '../auth/index.js';
import { scanEngine } from '../check-in/index.js';
import { refundEngine } from '../refunds/index.js';
import {
  createUpdateUserStatus,
  LAST_ADMIN_MESSAGE,
  SELF_BLOCK_MESSAGE,
} from './commands/update-user-status.js';

let t: TestApp;
let adminToken: string;
let admin: Awaited<ReturnType<typeof createUser>>;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'ADMIN', firstName: 'Ada', lastName: `Admin${tag}` });
  adminToken = await loginAs(t, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
});

const ADMIN_ROUTES = [
  [c.getUserList, {}],
  [c.getOrganizerList, {}],
  [c.getUserOrganizerList, { userId: randomUUID() }],
  [c.getAdminUserDetail, { userId: randomUUID() }],
  [c.getUserBookingList, { userId: randomUUID() }],
  [c.getAdminBookingDetail, { bookingId: randomUUID() }],
  [c.getOrganizerCreatedEventList, { userId: randomUUID() }],
  [c.getAuditLogList, {}],
  [c.getAuditFilterOptions, undefined],
] as const;

describe('who may use user management', () => {
  it('answers 403 with the administrators-only message to buyers, organizers and members', async () => {
    const buyer = await createUser(t);
    const organizer = await createUser(t, { organizerRequest: 'APPROVED' });
    const org = await insertOrganization(t.db, organizer.id);
    const member = await createUser(t);
    await insertMember(t.db, org.id, { userId: member.id, email: member.email });
    for (const person of [buyer, organizer, member]) {
      const token = await loginAs(t, person.email, person.password);
      for (const [route, query] of ADMIN_ROUTES) {
        const answer = await call(t, route, { token, query: query as never });
        expect([route.path, answer.status, answer.error?.message]).toEqual([
          route.path,
          403,
          ACCESS_REFUSALS.admin,
        ]);
      }
      const changed = await call(t, c.updateUserStatus, {
        token,
        body: { userId: buyer.id, status: 'BLOCKED', reason: 'x' },
      });
      expect(changed.status).toBe(403);
      const file = await t.app.inject({
        method: 'GET',
        url: `${c.USER_EXPORT_PATH}?format=csv`,
        headers: clientHeaders(token),
      });
      expect(file.statusCode).toBe(403);
    }
    // Nothing was blocked by the refused call.
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row?.status).toBe('ACTIVE');
  });

  it('answers 404 "User not found." for an id that names no user', async () => {
    for (const route of [c.getAdminUserDetail, c.getUserOrganizerList, c.getUserBookingList]) {
      const answer = await call(t, route, { token: adminToken, query: { userId: randomUUID() } });
      expect([answer.status, answer.error?.message]).toEqual([404, 'User not found.']);
    }
    const blocked = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: randomUUID(), status: 'BLOCKED', reason: 'Spam' },
    });
    expect(blocked.status).toBe(404);
  });
});

describe('get-user-list', () => {
  it('searches by name, email, username and phone, filters, sorts, and counts organizations and orders', async () => {
    const zed = await createUser(t, {
      firstName: `Zed${tag}`,
      lastName: 'Quill',
      phone: `+4479${tag.replace(/\D/g, '1').padEnd(8, '0').slice(0, 8)}`,
      organizerRequest: 'APPROVED',
    });
    const amy = await createUser(t, {
      firstName: `Amy${tag}`,
      lastName: 'Quill',
      organizerRequest: 'PENDING',
    });
    await t.db.insert(nonProfitExemptions).values({
      userId: amy.id,
      legalName: 'Amy Trust',
      registrationNumber: 'R1',
      documentUrl: 'https://example.test/doc.pdf',
    });
    await insertOrganization(t.db, zed.id, `Zed Org ${tag}`);
    await insertOrganization(t.db, zed.id, `Zed Org 2 ${tag}`);

    const list = async (query: c.UserListFilters) => {
      const answer = await call(t, c.getUserList, { token: adminToken, query });
      expect(answer.status).toBe(200);
      return answer.body.result;
    };
    expect((await list({ search: `zed${tag}` })).items.map((u) => u._id)).toEqual([zed.id]);
    expect((await list({ search: `Zed${tag} Quill` })).items.map((u) => u._id)).toEqual([zed.id]);
    expect((await list({ search: amy.email.toUpperCase() })).items.map((u) => u._id)).toEqual([amy.id]);
    expect((await list({ search: amy.username })).items.map((u) => u._id)).toEqual([amy.id]);
    expect((await list({ search: zed.phone ?? '' })).items.map((u) => u._id)).toEqual([zed.id]);

    const both = await list({ search: tag, sort: 'name' });
    expect(both.items.filter((u) => u.lastName === 'Quill').map((u) => u._id)).toEqual([amy.id, zed.id]);
    const zedItem = both.items.find((u) => u._id === zed.id);
    expect(zedItem).toMatchObject({ organizationCount: 2, bookingCount: 0, nonProfit: 'NONE', role: 'USER' });

    expect((await list({ search: tag, organizerRequest: 'PENDING' })).items.map((u) => u._id)).toEqual([
      amy.id,
    ]);
    expect((await list({ search: tag, nonProfit: 'PENDING' })).items.map((u) => u._id)).toEqual([amy.id]);
    expect((await list({ search: `Quill`, nonProfit: 'NONE' })).items.map((u) => u._id)).toContain(zed.id);
    expect((await list({ search: tag, role: 'ADMIN' })).items.map((u) => u._id)).toEqual([admin.id]);
    expect((await list({ search: tag, status: 'BLOCKED' })).total).toBe(0);
    // Newest first by default.
    const all = await list({ limit: 100 });
    const times = all.items.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const bad = await call(t, c.getUserList, { token: adminToken, query: invalid({ role: 'OWNER' }) });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('role');
  });

  it('lists approved organizers with their organizations, events and sales per currency', async () => {
    const w = await paidBooking(t, { quantity: 2, price: 1500 });
    await t.db
      .update(users)
      .set({ firstName: `Org${tag}`, organizerRequest: 'APPROVED' })
      .where(eq(users.id, w.owner.id));
    const answer = await call(t, c.getOrganizerList, { token: adminToken, query: { search: `Org${tag}` } });
    expect(answer.status).toBe(200);
    const [item] = answer.body.result.items;
    expect(item?._id).toBe(w.owner.id);
    expect(item?.organizations).toEqual([{ _id: w.organization.id, name: w.organization.name }]);
    expect(item?.eventCount).toBe(1);
    expect(item?.sales).toEqual([{ currency: w.booking.currency, grossSales: w.booking.total }]);

    const events = await call(t, c.getOrganizerCreatedEventList, {
      token: adminToken,
      query: { userId: w.owner.id },
    });
    expect(events.body.result.items).toEqual([
      expect.objectContaining({
        _id: w.event.id,
        ticketsSold: 2,
        grossSales: w.booking.total,
        currency: w.booking.currency,
        organization: { _id: w.organization.id, name: w.organization.name },
      }),
    ]);
  });

  it('exports the filtered list as CSV', async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: `${c.USER_EXPORT_PATH}?${new URLSearchParams({ format: 'csv', search: `Amy${tag}` })}`,
      headers: clientHeaders(adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-total-rows']).toBe('1');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('First name');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Amy${tag}`);
    expect(lines[1]).toContain('PENDING');
    // Joined: ISO 8601 with the offset of the caller's zone, named in the next column.
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},[A-Za-z_/]+$/);
  });
});

describe('update-user-status', () => {
  it('blocks with a reason: the live session gets 423 on its next call; unblocking makes them sign in again', async () => {
    const person = await createUser(t, { firstName: 'Bea' });
    const token = await loginAs(t, person.email, person.password);
    expect((await call(t, c.getUserDetail, { token })).status).toBe(200);

    const missing = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'BLOCKED' },
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors).toEqual([{ field: 'reason', message: 'Enter a reason for blocking' }]);
    const long = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'BLOCKED', reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);

    const blocked = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'BLOCKED', reason: 'Selling fake tickets' },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.result).toMatchObject({ status: 'BLOCKED', blockedReason: 'Selling fake tickets' });

    const next = await call(t, c.getUserDetail, { token });
    expect([next.status, next.error?.message]).toEqual([423, BLOCKED_MESSAGE]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: c.login.path,
      headers: clientHeaders(),
      payload: { email: person.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(423);

    const again = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'BLOCKED', reason: 'Twice' },
    });
    expect([again.status, again.error?.message]).toEqual([409, 'This user is already blocked.']);

    const detail = await call(t, c.getAdminUserDetail, { token: adminToken, query: { userId: person.id } });
    expect(detail.body.result).toMatchObject({ status: 'BLOCKED', blockedReason: 'Selling fake tickets' });
    expect(detail.body.result.lastSignInAt).not.toBeNull();

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, 'USER_BLOCKED')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'ADMIN',
      entityType: 'USER',
      before: { status: 'ACTIVE', reason: null },
      after: { status: 'BLOCKED', reason: 'Selling fake tickets' },
    });
    await deliverMessages(t);
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, person.email));
    expect(mail.map((m) => m.subject)).toContain('Your Marquee account has been blocked');

    const unblocked = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'ACTIVE' },
    });
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.result).toMatchObject({ status: 'ACTIVE', blockedReason: null, blockedAt: null });
    // The session from before the block stays ended; a fresh sign-in works.
    expect((await call(t, c.getUserDetail, { token })).status).toBe(401);
    const fresh = await loginAs(t, person.email, person.password);
    expect((await call(t, c.getUserDetail, { token: fresh })).status).toBe(200);
    const notBlocked = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'ACTIVE' },
    });
    expect([notBlocked.status, notBlocked.error?.message]).toEqual([409, 'This user is not blocked.']);
    const [unblockEntry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, 'USER_UNBLOCKED')));
    expect(unblockEntry?.before).toEqual({ status: 'BLOCKED', reason: 'Selling fake tickets' });
  });

  it('refuses to block the caller themselves', async () => {
    const answer = await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: admin.id, status: 'BLOCKED', reason: 'Oops' },
    });
    expect([answer.status, answer.error?.message]).toEqual([409, SELF_BLOCK_MESSAGE]);
  });

  it('of two administrators blocking each other at once, the one blocked first acts no more', async () => {
    const x = await createUser(t, { role: 'ADMIN' });
    const y = await createUser(t, { role: 'ADMIN' });
    const tokens = {
      [x.id]: await loginAs(t, x.email, x.password),
      [y.id]: await loginAs(t, y.email, y.password),
    };
    const base = await listenOnLoopback(t);
    const pair = await inParallel(base, 2, (i) => {
      const [actor, target] = i === 0 ? [x, y] : [y, x];
      return {
        method: 'POST',
        path: c.updateUserStatus.path,
        headers: clientHeaders(tokens[actor.id]),
        body: { userId: target.id, status: 'BLOCKED', reason: 'Race' },
      };
    });
    // The other administrator (the test's own) keeps the platform run either way; only one of x and y is blocked.
    expect(pair.byStatus[200]).toBe(1);
    expect(pair.byStatus[423]).toBe(1);
    const statuses = await t.db
      .select({ status: users.status })
      .from(users)
      .where(inArray(users.id, [x.id, y.id]));
    expect(statuses.map((r) => r.status).sort()).toEqual(['ACTIVE', 'BLOCKED']);
    // The next tests count administrators: these two leave the role.
    await t.db
      .update(users)
      .set({ role: 'USER' })
      .where(inArray(users.id, [x.id, y.id]));
  });

  it('two administrators blocking each other at once never leave zero active administrators', async () => {
    // Only these two are active administrators while the race runs.
    await t.db.update(users).set({ status: 'BLOCKED' }).where(eq(users.id, admin.id));
    const x = await createUser(t, { role: 'ADMIN' });
    const y = await createUser(t, { role: 'ADMIN' });
    const tokens = {
      [x.id]: await loginAs(t, x.email, x.password),
      [y.id]: await loginAs(t, y.email, y.password),
    };
    const base = await listenOnLoopback(t);
    const activeAdmins = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
      )[0]?.n;
    try {
      const pair = await inParallel(base, 2, (i) => {
        const [actor, target] = i === 0 ? [x, y] : [y, x];
        return {
          method: 'POST',
          path: c.updateUserStatus.path,
          headers: clientHeaders(tokens[actor.id]),
          body: { userId: target.id, status: 'BLOCKED', reason: 'Race' },
        };
      });
      expect(pair.byStatus[200]).toBe(1);
      expect(await activeAdmins()).toBe(1);
      const [loser] = pair.answers.filter((a) => a.status !== 200);
      // Refused as the last administrator, or (if the winner committed before it was authenticated) blocked.
      expect([`409 ${LAST_ADMIN_MESSAGE}`, `423 ${BLOCKED_MESSAGE}`]).toContain(
        `${loser?.status} ${loser?.body.message}`,
      );

      // Back to two, then 20 calls at once, half each way.
      await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.role, 'ADMIN'));
      await t.db.update(users).set({ status: 'BLOCKED' }).where(eq(users.id, admin.id));
      const many = await inParallel(base, 20, (i) => {
        const [actor, target] = i % 2 === 0 ? [x, y] : [y, x];
        return {
          method: 'POST',
          path: c.updateUserStatus.path,
          headers: clientHeaders(tokens[actor.id]),
          body: { userId: target.id, status: 'BLOCKED', reason: `Race ${i}` },
        };
      });
      expect(many.byStatus[200]).toBe(1);
      expect(many.byStatus[0]).toBeUndefined();
      expect(many.byStatus[500]).toBeUndefined();
      expect(await activeAdmins()).toBe(1);
      // The survivor still cannot block the last administrator: themselves.
      const survivor = (
        await t.db
          .select()
          .from(users)
          .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
      )[0];
      expect(survivor && [x.id, y.id]).toContain(survivor?.id);
    } finally {
      await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, admin.id));
    }
  });

  it('refuses a caller blocked a moment ago: under the locks it is no longer an active administrator', async () => {
    const stale = await createUser(t, { role: 'ADMIN' });
    const last = await createUser(t, { role: 'ADMIN' });
    const staleActor = { user: stale, session: {} as never };
    // Every administrator but `last` is blocked; `stale` still holds its (now outdated) actor.
    await t.db
      .update(users)
      .set({ status: 'BLOCKED' })
      .where(and(eq(users.role, 'ADMIN'), sql`${users.id} <> ${last.id}`));
    const setStatus = createUpdateUserStatus({ db: t.db, clock: systemClock });
    try {
      await expect(
        setStatus(staleActor, { userId: last.id, status: 'BLOCKED', reason: 'Stale' }),
      ).rejects.toMatchObject({ statusCode: 423, message: BLOCKED_MESSAGE });
      const [row] = await t.db.select().from(users).where(eq(users.id, last.id));
      expect(row?.status).toBe('ACTIVE');
    } finally {
      await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, admin.id));
    }
  });
});

describe('a user as a buyer: events booked and booked event details', () => {
  it('lists their orders and shows one with tickets, payments, refunds and scans', async () => {
    const buyer = await createUser(t, { firstName: 'Buyer' });
    const w = await paidBooking(t, { quantity: 2, price: 2000 });
    await t.db.update(bookings).set({ buyerUserId: buyer.id }).where(eq(bookings.id, w.bookingId));
    const scanner = await createUser(t, { firstName: 'Door', lastName: 'Keeper' });
    const occurrenceId = w.occurrences[0]?.id as string;
    await scanEngine(t.app.ports).scan(
      {
        eventId: w.event.id,
        occurrenceId,
        code: w.ticket.code,
        actorId: scanner.id,
        deviceId: 'door-1',
        nonce: randomUUID(),
        source: 'ONLINE',
        scannedAt: new Date(),
        localResult: null,
      },
      'UTC',
    );
    const [second] = w.ticketIds.slice(1);
    await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: [second as string],
      source: 'ORGANIZER',
      idempotencyKey: `test:${randomUUID()}`,
      initiatedBy: admin.id,
    });

    const list = await call(t, c.getUserBookingList, { token: adminToken, query: { userId: buyer.id } });
    expect(list.status).toBe(200);
    expect(list.body.result.items.map((o) => o._id)).toEqual([w.bookingId]);
    expect(list.body.result.items[0]).toMatchObject({ ticketCount: 2, event: { title: w.event.title } });
    const byTitle = await call(t, c.getUserBookingList, {
      token: adminToken,
      query: { userId: buyer.id, search: w.event.title, status: 'CONFIRMED' },
    });
    expect(byTitle.body.result.total).toBe(1);
    const none = await call(t, c.getUserBookingList, {
      token: adminToken,
      query: { userId: buyer.id, status: 'CANCELLED' },
    });
    expect(none.body.result.total).toBe(0);

    const detail = await call(t, c.getAdminBookingDetail, {
      token: adminToken,
      query: { bookingId: w.bookingId },
    });
    expect(detail.status).toBe(200);
    const order = detail.body.result;
    expect(order.tickets).toHaveLength(2);
    expect(order.payments).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', amount: w.booking.total, currency: w.booking.currency }),
    ]);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ status: 'PROCESSED', source: 'ORGANIZER' });
    expect(order.scans).toEqual([
      expect.objectContaining({
        ticketId: w.ticket.id,
        deviceId: 'door-1',
        by: { _id: scanner.id, name: 'Door Keeper' },
      }),
    ]);
    expect(order.tickets.find((x) => x._id === second)?.status).toBe('REFUNDED');

    const unknown = await call(t, c.getAdminBookingDetail, {
      token: adminToken,
      query: { bookingId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('get-user-organizer-list', () => {
  it('lists owned organizations and memberships with role, status and event roles', async () => {
    const person = await createUser(t, { organizerRequest: 'APPROVED' });
    const own = await insertOrganization(t.db, person.id, `Own ${tag}`);
    const other = await createUser(t, { organizerRequest: 'APPROVED' });
    const theirs = await insertOrganization(t.db, other.id, `Theirs ${tag}`);
    await insertMember(t.db, theirs.id, { userId: person.id, email: person.email, status: 'INACTIVE' });
    const answer = await call(t, c.getUserOrganizerList, { token: adminToken, query: { userId: person.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual([
      expect.objectContaining({ _id: own.id, relation: 'OWNER', status: 'ACTIVE', eventCount: 0 }),
      expect.objectContaining({ _id: theirs.id, relation: 'MEMBER', status: 'INACTIVE', eventRoles: [] }),
    ]);
  });
});

describe('audit log', () => {
  it('lists entries newest first and filters by actor, entity, action and dates', async () => {
    const person = await createUser(t);
    for (const status of ['BLOCKED', 'ACTIVE'] as const) {
      const answer = await call(t, c.updateUserStatus, {
        token: adminToken,
        body: { userId: person.id, status, reason: status === 'BLOCKED' ? 'Audit test' : undefined },
      });
      expect(answer.status).toBe(200);
    }
    const list = async (query: c.AuditLogFilters) => {
      const answer = await call(t, c.getAuditLogList, { token: adminToken, query });
      expect(answer.status).toBe(200);
      return answer.body.result;
    };
    const mine = await list({ entityType: 'USER', entityId: person.id });
    expect(mine.items.map((e) => e.action)).toEqual(['USER_UNBLOCKED', 'USER_BLOCKED']);
    expect(mine.items[1]).toMatchObject({
      actor: { _id: admin.id, email: admin.email },
      actorRole: 'ADMIN',
      before: { status: 'ACTIVE', reason: null },
      after: { status: 'BLOCKED', reason: 'Audit test' },
      organization: null,
    });
    expect((await list({ entityId: person.id, action: 'USER_BLOCKED' })).total).toBe(1);
    expect((await list({ actorId: admin.id, entityId: person.id })).total).toBe(2);
    expect((await list({ actorId: person.id })).total).toBe(0);
    // Dates are read in the caller's zone (the test client says Europe/Berlin).
    const today = formatInZone(new Date(), 'yyyy-MM-dd', 'Europe/Berlin');
    expect((await list({ entityId: person.id, from: today, to: today })).total).toBe(2);
    expect((await list({ entityId: person.id, to: '2020-01-01' })).total).toBe(0);
    const backwards = await call(t, c.getAuditLogList, {
      token: adminToken,
      query: { from: today, to: '2020-01-01' },
    });
    expect(backwards.status).toBe(400);

    const options = await call(t, c.getAuditFilterOptions, { token: adminToken });
    expect(options.body.result.actions).toEqual(expect.arrayContaining(['USER_BLOCKED', 'USER_UNBLOCKED']));
    expect(options.body.result.entityTypes).toContain('USER');
  });

  it('keeps the session rows of a blocked user (they answer 423, not 401)', async () => {
    const person = await createUser(t);
    const token = await loginAs(t, person.email, person.password);
    await call(t, c.updateUserStatus, {
      token: adminToken,
      body: { userId: person.id, status: 'BLOCKED', reason: 'Check sessions' },
    });
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(rows.every((s) => s.revokedAt === null)).toBe(true);
    expect((await call(t, c.getUserDetail, { token })).status).toBe(423);
  });
});
