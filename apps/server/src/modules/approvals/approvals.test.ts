import * as c from '@marquee/contract';
import { ACCESS_REFUSALS, APPROVAL_MESSAGES } from '@marquee/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { sellableEvent } from '../../../test/checkout-fixtures.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { clientHeaders, createUser, deliverMessages, loginAs, type TestApp } from '../../../test/helpers.js';
import { paidOrder, paymentsTestApp } from '../../../test/paid-order-fixtures.js';
import {
  auditLog,
  bookings,
  nonProfitExemptions,
  organizerRequestDetails,
  outboxMessages,
  users,
} from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let adminName: string;
let buyer: string;

beforeAll(async () => {
  ({ t } = await paymentsTestApp({ config: { publicUrl: 'https://console.example.test' } }));
  const a = await createUser(t, { role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' });
  adminName = 'Ada Admin';
  admin = await loginAs(t, a.email, a.password);
  const b = await createUser(t);
  buyer = await loginAs(t, b.email, b.password);
});
afterAll(() => t?.close());

let n = 0;
/** A user whose organizer request is PENDING, with the details the account call would store. */
async function pendingRequester(submittedAt = new Date(), values: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const user = await createUser(t, {
    organizerRequest: 'PENDING',
    firstName: 'Priya',
    lastName: `Patel${n}`,
    ...values,
  });
  await t.db.insert(organizerRequestDetails).values({
    userId: user.id,
    organizationName: `Harbor Players ${n}`,
    description: 'Open-air theatre every summer weekend in the harbor park.',
    website: 'https://harbor-players.example',
    phone: '+15550107777',
    submittedAt,
  });
  return user;
}

async function mailsTo(email: string) {
  await deliverMessages(t);
  return t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.createdAt));
}

async function auditOf(userId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'USER'), eq(auditLog.entityId, userId)));
}

const decide = (
  route: typeof c.decideOrganizerRequest | typeof c.decideNonProfitRequest,
  body: c.DecideBody,
  token = admin,
) => call(t, route, { body, token });

describe('organizer requests', () => {
  it('lists pending requests oldest first with the requester and details; filters by status and search', async () => {
    const older = await pendingRequester(new Date('2026-01-02T10:00:00Z'), { lastName: 'Older' });
    const newer = await pendingRequester(new Date('2026-01-03T10:00:00Z'), { lastName: 'Newer' });
    const { status, body } = await call(t, c.getOrganizerRequestList, {
      token: admin,
      query: { limit: 100 },
    });
    expect(status).toBe(200);
    const ids = body.result.items.map((i) => i._id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const item = body.result.items.find((i) => i._id === older.id);
    expect(item).toMatchObject({
      status: 'PENDING',
      user: { _id: older.id, name: 'Priya Older', email: older.email, username: older.username },
      organizationName: expect.stringMatching(/^Harbor Players/),
      website: 'https://harbor-players.example',
      phone: '+15550107777',
      submittedAt: '2026-01-02T10:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
    });
    const search = await call(t, c.getOrganizerRequestList, { token: admin, query: { search: 'newer' } });
    expect(search.body.result.items.map((i) => i._id)).toEqual([newer.id]);
    const approved = await call(t, c.getOrganizerRequestList, {
      token: admin,
      query: { status: 'APPROVED' },
    });
    expect(approved.body.result.items.map((i) => i._id)).not.toContain(older.id);
    const wrong = await call(t, c.getOrganizerRequestList, {
      token: admin,
      query: invalid({ status: 'MAYBE' }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.errors?.[0]?.field).toBe('status');
  });

  it('refuses non-administrators with 403, whatever they ask', async () => {
    const organizer = await createUser(t, { organizerRequest: 'APPROVED' });
    const organizerToken = await loginAs(t, organizer.email, organizer.password);
    const target = await pendingRequester();
    for (const token of [buyer, organizerToken]) {
      for (const route of [c.getOrganizerRequestList, c.getNonProfitRequestList]) {
        const answer = await call(t, route, { token });
        expect(answer.status).toBe(403);
        expect(answer.error?.message).toBe(ACCESS_REFUSALS.admin);
      }
      const answer = await decide(
        c.decideOrganizerRequest,
        { userId: target.id, decision: 'APPROVE' },
        token,
      );
      expect(answer.status).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.organizerRequest).toBe('PENDING');
  });

  it('approves: the user’s next call has console access; audited; emailed; a second decision is a 409', async () => {
    const user = await pendingRequester();
    const token = await loginAs(t, user.email, user.password);
    const before = await call(t, c.getMyCatalogRequestList, { token });
    expect(before.status).toBe(403);

    const answer = await decide(c.decideOrganizerRequest, { userId: user.id, decision: 'APPROVE' });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ userId: user.id, status: 'APPROVED' });

    // The same session, next call: the profile is read per call.
    const profile = await call(t, c.getUserDetail, { token });
    expect(profile.body.result.organizerRequest).toBe('APPROVED');
    expect(c.hasConsoleAccess(profile.body.result)).toBe(true);
    const after = await call(t, c.getMyCatalogRequestList, { token });
    expect(after.status).toBe(200);

    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'ORGANIZER_REQUEST_APPROVED',
      before: { organizerRequest: 'PENDING' },
      after: { organizerRequest: 'APPROVED' },
    });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('You can now sign in to the Marquee console');
    expect(mails[0]?.text).toContain('https://console.example.test');

    const list = await call(t, c.getOrganizerRequestList, { token: admin, query: { status: 'APPROVED' } });
    expect(list.body.result.items.find((i) => i._id === user.id)).toMatchObject({
      status: 'APPROVED',
      decidedBy: adminName,
      decisionReason: null,
    });

    const again = await decide(c.decideOrganizerRequest, {
      userId: user.id,
      decision: 'REJECT',
      reason: 'No',
    });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(APPROVAL_MESSAGES.alreadyDecided);
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('rejects only with a reason, which the email and the list carry', async () => {
    const user = await pendingRequester();
    const noReason = await decide(c.decideOrganizerRequest, {
      userId: user.id,
      decision: 'REJECT',
      reason: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.errors).toEqual([{ field: 'reason', message: APPROVAL_MESSAGES.reasonRequired }]);
    const tooLong = await decide(c.decideOrganizerRequest, {
      userId: user.id,
      decision: 'REJECT',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.errors?.[0]).toEqual({ field: 'reason', message: APPROVAL_MESSAGES.reasonTooLong });

    const reason = 'Please add a website that shows your past events.';
    const answer = await decide(c.decideOrganizerRequest, { userId: user.id, decision: 'REJECT', reason });
    expect(answer.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.organizerRequest).toBe('REJECTED');
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain(reason);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(['ORGANIZER_REQUEST_REJECTED']);
    const list = await call(t, c.getOrganizerRequestList, { token: admin, query: { status: 'REJECTED' } });
    expect(list.body.result.items.find((i) => i._id === user.id)?.decisionReason).toBe(reason);
  });

  it('answers 404 for a user without a request and 400 for a bad id', async () => {
    const plain = await createUser(t);
    const answer = await decide(c.decideOrganizerRequest, { userId: plain.id, decision: 'APPROVE' });
    expect(answer.status).toBe(404);
    const bad = await decide(c.decideOrganizerRequest, invalid({ userId: 'nope', decision: 'APPROVE' }));
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('userId');
  });

  it('20 administrators deciding at once through real HTTP: exactly one wins, one audit entry, one email', async () => {
    const user = await pendingRequester();
    const base = await listenOnLoopback(t);
    const result = await inParallel(base, 20, (i) => ({
      method: 'POST',
      path: c.decideOrganizerRequest.path,
      headers: clientHeaders(admin),
      body:
        i % 2 === 0
          ? { userId: user.id, decision: 'APPROVE' }
          : { userId: user.id, decision: 'REJECT', reason: `Reason ${i}` },
    }));
    expect(result.byStatus).toEqual({ 200: 1, 409: 19 });
    expect(result.byMessage[`409 ${APPROVAL_MESSAGES.alreadyDecided}`]).toBe(19);
    expect(await auditOf(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('non-profit exemptions', () => {
  async function submitted(userId: string) {
    await t.db.insert(nonProfitExemptions).values({
      userId,
      legalName: 'Harbor Community Choir Inc.',
      registrationNumber: 'NP-2026-001',
      documentUrl: '/media/registration.pdf',
    });
  }

  it('lists pending exemptions with the organizations the user owns and the document', async () => {
    const made = await sellableEvent(t);
    await submitted(made.owner.id);
    const { body } = await call(t, c.getNonProfitRequestList, {
      token: admin,
      query: { search: made.owner.email },
    });
    expect(body.result.items).toHaveLength(1);
    expect(body.result.items[0]).toMatchObject({
      _id: made.owner.id,
      organizations: [made.organization.name],
      status: 'PENDING',
      legalName: 'Harbor Community Choir Inc.',
      registrationNumber: 'NP-2026-001',
      documentUrl: '/media/registration.pdf',
      decidedAt: null,
    });
  });

  it('approval waives the fee from then on: the preview shows 0, a new order has no fee, an earlier one keeps its fee', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2500 }] });
    const owner = await loginAs(t, made.owner.email, made.owner.password);
    const quote = () =>
      call(t, c.calculateServiceFee, {
        token: owner,
        body: { organizationId: made.organization.id, items: [{ key: 'a', pricing: 'PAID', price: 2500 }] },
      });
    const earlier = await paidOrder(t, made, 1);
    expect(earlier.booking.serviceFee).toBeGreaterThan(0);
    const beforeQuote = await quote();
    expect(beforeQuote.body.result.waived).toBe(false);
    expect(beforeQuote.body.result.items[0]?.serviceFee).toBeGreaterThan(0);

    await submitted(made.owner.id);
    // Submitted but not decided: still charged.
    expect((await quote()).body.result.waived).toBe(false);

    const answer = await decide(c.decideNonProfitRequest, { userId: made.owner.id, decision: 'APPROVE' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/approved/);

    const afterQuote = await quote();
    expect(afterQuote.body.result.waived).toBe(true);
    expect(afterQuote.body.result.items[0]?.serviceFee).toBe(0);
    expect(afterQuote.body.result.items[0]?.buyerPays).toBe(2500);

    const later = await paidOrder(t, made, 1);
    expect(later.booking.serviceFee).toBe(0);
    expect(later.booking.total).toBe(2500);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, earlier.booking.id));
    expect(kept?.serviceFee).toBe(earlier.booking.serviceFee);
    expect(kept?.total).toBe(earlier.booking.total);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.owner.id), inArray(auditLog.action, ['NON_PROFIT_APPROVED'])));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ status: 'PENDING' });
    expect(audit[0]?.after).toMatchObject({ status: 'APPROVED' });
    const [mail] = await mailsTo(made.owner.email);
    expect(mail?.subject).toMatch(/non-profit exemption is approved/);

    const again = await decide(c.decideNonProfitRequest, { userId: made.owner.id, decision: 'APPROVE' });
    expect(again.status).toBe(409);
  });

  it('rejection needs a reason, keeps the fee and emails the reason', async () => {
    const made = await sellableEvent(t);
    await submitted(made.owner.id);
    const noReason = await decide(c.decideNonProfitRequest, { userId: made.owner.id, decision: 'REJECT' });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.errors).toEqual([{ field: 'reason', message: APPROVAL_MESSAGES.reasonRequired }]);
    const reason = 'The document is not a registration certificate.';
    const answer = await decide(c.decideNonProfitRequest, {
      userId: made.owner.id,
      decision: 'REJECT',
      reason,
    });
    expect(answer.status).toBe(200);
    const owner = await loginAs(t, made.owner.email, made.owner.password);
    const q = await call(t, c.calculateServiceFee, {
      token: owner,
      body: { organizationId: made.organization.id, items: [{ key: 'a', pricing: 'PAID', price: 2500 }] },
    });
    expect(q.body.result.waived).toBe(false);
    const [mail] = await mailsTo(made.owner.email);
    expect(mail?.text).toContain(reason);
    const list = await call(t, c.getNonProfitRequestList, { token: admin, query: { status: 'REJECTED' } });
    expect(list.body.result.items.find((i) => i._id === made.owner.id)).toMatchObject({
      decisionReason: reason,
      decidedBy: adminName,
    });
    const missing = await decide(c.decideNonProfitRequest, {
      userId: (await createUser(t)).id,
      decision: 'APPROVE',
    });
    expect(missing.status).toBe(404);
  });

  it('20 parallel decisions through real HTTP: exactly one succeeds', async () => {
    const made = await sellableEvent(t);
    await submitted(made.owner.id);
    const base = await listenOnLoopback(t);
    const result = await inParallel(base, 20, (i) => ({
      method: 'POST',
      path: c.decideNonProfitRequest.path,
      headers: clientHeaders(admin),
      body:
        i % 2
          ? { userId: made.owner.id, decision: 'APPROVE' }
          : { userId: made.owner.id, decision: 'REJECT', reason: 'No' },
    }));
    expect(result.byStatus).toEqual({ 200: 1, 409: 19 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, made.owner.id),
          inArray(auditLog.action, ['NON_PROFIT_APPROVED', 'NON_PROFIT_REJECTED']),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(await mailsTo(made.owner.email)).toHaveLength(1);
  });
});
