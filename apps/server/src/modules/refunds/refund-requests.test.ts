import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../../test/booking-fixtures.js';
import { call } from '../../../test/calls.js';
import { type EventWorld, eventWorld } from '../../../test/event-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  deliverMessages,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { buyerAccess, insertRefundReason, insertRefundRequest } from '../../../test/refund-fixtures.js';
import {
  auditLog,
  bookings,
  ledgerEntries,
  organizationMembers,
  organizations,
  outboxMessages,
  refundRequests,
  refundRequestTickets,
  refunds,
  tickets,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/access/index.js';
import { resolvers } from '../../lib/access/resources.query.js';
import { approveRefundRequest } from './commands/approve-refund-request.js';
import { declineRefundRequest } from './commands/decline-refund-request.js';
import { createRequestEmails } from './emails/request-emails.js';
import { refundEngine } from './index.js';
import { createRefundListeners } from './refund-listeners.js';

const HOUR = 3_600_000;

describe('buyers’ refund requests and the organizer’s decisions', () => {
  let t: TestApp;
  let w: EventWorld;
  const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
  let askReason: { id: string; text: string };
  let declineReason: { id: string; text: string };
  let keys = 0;

  /** Headers of a call that moves money: a fresh key unless told. */
  const withKey = (token?: string, key?: string) => {
    keys += 1;
    return { ...clientHeaders(token), 'idempotency-key': key ?? `k-${keys}-${randomUUID()}` };
  };

  /** A paid order of 3 tickets on a new event of the world's organization, 3 days ahead. */
  async function paidOrder(options: { startsAt?: Date } = {}) {
    const event = await w.event({
      startsAt: options.startsAt ?? new Date(clock.now().getTime() + 72 * HOUR),
      values: { slug: `refund-${randomUUID().slice(0, 8)}` },
    });
    const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
    const order = await insertBooking(t.db, {
      event,
      buyer: { name: 'Rita Refund', email },
      lines: [{ quantity: 3 }],
      createdAt: new Date(clock.now().getTime() - HOUR),
    });
    const token = await buyerAccess(t.db, order.booking.id);
    return { ...order, event, email, token, ticketIds: order.tickets.map((x) => x.id) };
  }

  const ask = (o: { booking: { id: string }; token: string }, ticketIds: string[], key?: string) =>
    call(t, c.requestRefund, {
      body: { bookingId: o.booking.id, token: o.token, ticketIds, reasonId: askReason.id, note: 'Ill' },
      headers: withKey(undefined, key),
    });

  const setting = (values: Partial<typeof organizations.$inferInsert>) =>
    t.db.update(organizations).set(values).where(eq(organizations.id, w.organization.id));

  /** What was sent to `to`, once the outgoing message worker has run (test/helpers.ts). */
  const emailsTo = async (to: string) => {
    await deliverMessages(t);
    return t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, to))
      .orderBy(outboxMessages.createdAt);
  };

  /** Emails the worker sends after the commit: wait until they are there. */
  async function emailsOnceThere(to: string, count: number) {
    for (let i = 0; i < 100; i += 1) {
      const mails = await emailsTo(to);
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return emailsTo(to);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { devOutbox: true, publicUrl: 'http://shop.test' } });
    w = await eventWorld(t);
    askReason = await insertRefundReason(t.db, 'REFUND_REQUEST', { text: 'I cannot attend' });
    declineReason = await insertRefundReason(t.db, 'REFUND_DECLINE', { text: 'Past the refund window' });
    await setting({
      refundPolicy: 'UNTIL_HOURS_BEFORE_START',
      refundHoursBeforeStart: 24,
      refundApproval: 'MANUAL',
      refundServiceFee: false,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks, is declined with a reason, asks again, is approved and refunded; the buyer is emailed', async () => {
    const o = await paidOrder();
    const options = await call(t, c.getRefundOptions, { query: { bookingId: o.booking.id, token: o.token } });
    expect(options.status).toBe(200);
    expect(options.body.result.policy).toMatchObject({ open: true, approval: 'MANUAL' });
    expect(options.body.result.reasons.map((r) => r._id)).toContain(askReason.id);
    expect(options.body.result.tickets).toHaveLength(3);
    // Without the service fee refunded, each ticket gives back its price.
    expect(options.body.result.tickets.map((x) => x.refundable)).toEqual([2500, 2500, 2500]);

    const first = await ask(o, o.ticketIds.slice(0, 2));
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ status: 'REQUESTED', reason: 'I cannot attend', amount: 5000 });
    const again = await ask(o, o.ticketIds.slice(1, 3));
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(c.REFUND_MESSAGES.alreadyRequested);

    // The organizer finds it by the buyer's name.
    const list = await call(t, c.organizerRefundBookingTicketList, {
      token: w.organizer.token,
      query: { search: 'rita', eventId: o.event.event.id, status: 'REQUESTED' },
    });
    expect(list.status).toBe(200);
    expect(list.body.result.items.map((r) => r._id)).toEqual([first.body.result._id]);

    const declined = await call(t, c.declineBookingRefundRequest, {
      token: w.organizer.token,
      body: { requestId: first.body.result._id, reasonId: declineReason.id, note: 'Sorry' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.result).toMatchObject({
      status: 'DECLINED',
      declineReason: 'Past the refund window',
    });
    expect(declined.body.result.decidedBy).toBe(w.organizer.user.id);
    const twice = await call(t, c.declineBookingRefundRequest, {
      token: w.organizer.token,
      body: { requestId: first.body.result._id, reasonId: declineReason.id },
    });
    expect(twice.status).toBe(409);
    expect(twice.error?.message).toBe(c.REFUND_MESSAGES.requestDecided);

    // Declined tickets may be asked for again (a minute later).
    clock.advance(60_000);
    const second = await ask(o, o.ticketIds.slice(0, 2));
    expect(second.status).toBe(200);
    const requestId = second.body.result._id;

    // Approve one ticket, then the rest of the request.
    const one = await call(t, c.refundProcessed, {
      body: { requestId, ticketIds: [o.ticketIds[0] as string] },
      headers: withKey(w.organizer.token),
    });
    expect(one.status).toBe(200);
    expect(one.body.result.refund).toMatchObject({
      status: 'PROCESSED',
      amount: 2500,
      source: 'BUYER_REQUEST',
    });
    let [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request?.status).toBe('REQUESTED');
    const rest = await call(t, c.bookingRefundProcessed, {
      body: { requestId },
      headers: withKey(w.organizer.token),
    });
    expect(rest.status).toBe(200);
    expect(rest.body.result.refund).toMatchObject({ status: 'PROCESSED', amount: 2500 });

    [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request?.status).toBe('PROCESSED');
    const requestTickets = await t.db
      .select()
      .from(refundRequestTickets)
      .where(eq(refundRequestTickets.requestId, requestId));
    expect(requestTickets.map((x) => x.status)).toEqual(['PROCESSED', 'PROCESSED']);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, o.booking.id));
    expect(booking?.refunded).toBe(5000);
    const states = await t.db.select().from(tickets).where(eq(tickets.bookingId, o.booking.id));
    const byId = new Map(states.map((x) => [x.id, x.status]));
    expect(o.ticketIds.map((id) => byId.get(id))).toEqual(['REFUNDED', 'REFUNDED', 'VALID']);

    // 2 received, 1 declined, 2 processed.
    const mails = await emailsOnceThere(o.email, 5);
    const subjects = mails.map((m) => m.subject ?? '');
    expect(subjects.filter((s) => s.startsWith('We received your refund request'))).toHaveLength(2);
    const declinedMail = mails.find((m) => m.subject?.startsWith('Your refund request was declined'));
    expect(declinedMail?.text).toContain('Reason: Past the refund window');
    expect(declinedMail?.text).toContain('Note from the organizer: Sorry');
    expect(subjects.filter((s) => s.startsWith('Your refund has been processed'))).toHaveLength(2);
    // The received email links to the ticket page with the buyer's token.
    expect(mails[0]?.text).toContain(
      `http://shop.test/e/${o.event.event.slug}/booking/${o.booking.id}?token=${encodeURIComponent(o.token)}`,
    );

    // The buyer's page shows the state.
    const after = await call(t, c.getRefundOptions, { query: { bookingId: o.booking.id, token: o.token } });
    expect(after.body.result.requests.map((r) => r.status)).toEqual(['PROCESSED', 'DECLINED']);
    expect(after.body.result.refunds).toHaveLength(2);
  });

  it('a retry with the same idempotency key moves no more money', async () => {
    const o = await paidOrder();
    const asked = await ask(o, o.ticketIds);
    const requestId = asked.body.result._id;
    const key = `retry-${randomUUID()}`;
    const first = await call(t, c.bookingRefundProcessed, {
      body: { requestId },
      headers: withKey(w.owner.token, key),
    });
    expect(first.status).toBe(200);
    const retry = await call(t, c.bookingRefundProcessed, {
      body: { requestId },
      headers: withKey(w.owner.token, key),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.result.refund._id).toBe(first.body.result.refund._id);
    const moved = await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id));
    expect(moved).toHaveLength(1);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, o.booking.id));
    expect(booking?.refunded).toBe(7500);
    // Another key on the decided request changes nothing either.
    const other = await call(t, c.bookingRefundProcessed, {
      body: { requestId },
      headers: withKey(w.owner.token),
    });
    expect(other.status).toBe(409);
    expect(other.error?.message).toBe(c.REFUND_MESSAGES.requestDecided);
  });

  it('AUTOMATIC approval refunds at once', async () => {
    await setting({ refundApproval: 'AUTOMATIC' });
    try {
      const o = await paidOrder();
      const asked = await ask(o, [o.ticketIds[0] as string]);
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe('Your refund was approved.');
      expect(asked.body.result.status).toBe('PROCESSED');
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, o.booking.id));
      expect(booking?.refunded).toBe(2500);
      const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id));
      expect(refund?.idempotencyKey).toBe(`request:${asked.body.result._id}:auto`);
    } finally {
      await setting({ refundApproval: 'MANUAL' });
    }
  });

  it('when the organizer owes money first: AUTOMATIC leaves the request waiting, approving answers 409', async () => {
    // Everything held for the organization paid out: any refund's organizer part becomes a due.
    const held = await refundEngine(t.app.ports).organizerHeld(t.db, w.organization.id, 'USD');
    const payout = async (amount: number) => {
      const groupId = randomUUID();
      await t.db.insert(ledgerEntries).values(
        (
          [
            ['ORGANIZER_PAYABLE', amount],
            ['BUYER_PAYMENTS', -amount],
          ] as const
        ).map(([account, value]) => ({
          groupId,
          bookingId: null,
          organizationId: w.organization.id,
          account,
          amount: value,
          currency: 'USD',
          kind: 'PAYOUT',
        })),
      );
    };
    const o = await paidOrder();
    await payout(held + o.booking.organizerAmount);
    await setting({ refundApproval: 'AUTOMATIC' });
    try {
      const asked = await ask(o, [o.ticketIds[0] as string]);
      expect(asked.status).toBe(200);
      expect(asked.body.message).toMatch(/must settle a balance/);
      expect(asked.body.result.status).toBe('REQUESTED');
      const approve = await call(t, c.bookingRefundProcessed, {
        body: { requestId: asked.body.result._id },
        headers: withKey(w.owner.token),
      });
      expect(approve.status).toBe(409);
      expect(approve.error?.message).toMatch(/^The organizer owes/);
      const waiting = await t.db
        .select()
        .from(refundRequestTickets)
        .where(eq(refundRequestTickets.requestId, asked.body.result._id));
      expect(waiting.map((x) => [x.status, x.refundId])).toEqual([['REQUESTED', null]]);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, o.booking.id));
      expect(booking?.refunded).toBe(0);
    } finally {
      await payout(-(held + o.booking.organizerAmount));
      await setting({ refundApproval: 'MANUAL' });
    }
  });

  it('refuses what the policy does not allow, and wrong tokens', async () => {
    const now = clock.now().getTime();
    // The deadline (24 h before the start) is one minute away.
    const o = await paidOrder({ startsAt: new Date(now + 24 * HOUR + 60_000) });
    const open = await call(t, c.getRefundOptions, { query: { bookingId: o.booking.id, token: o.token } });
    expect(open.body.result.policy).toMatchObject({
      open: true,
      deadline: new Date(now + 60_000).toISOString(),
    });
    clock.advance(60_000);
    const closed = await ask(o, o.ticketIds);
    expect(closed.status).toBe(409);
    expect(closed.error?.message).toBe(
      `${c.REFUND_MESSAGES.policyClosed} Refunds closed 24 hours before the event starts.`,
    );

    await setting({ refundPolicy: 'NONE' });
    try {
      const none = await ask(await paidOrder(), [o.ticketIds[0] as string]);
      expect(none.status).toBe(409);
      expect(none.error?.message).toBe(c.REFUND_MESSAGES.noRefunds);
    } finally {
      await setting({ refundPolicy: 'UNTIL_HOURS_BEFORE_START' });
    }

    const fresh = await paidOrder();
    const wrong = await call(t, c.getRefundOptions, {
      query: { bookingId: fresh.booking.id, token: o.token },
    });
    expect(wrong.status).toBe(404);
    const foreignTicket = await ask(fresh, [o.ticketIds[0] as string]);
    expect(foreignTicket.status).toBe(400);
    expect(foreignTicket.error?.message).toBe(c.REFUND_MESSAGES.ticketsNotInOrder);
    const inactive = await insertRefundReason(t.db, 'REFUND_REQUEST', { status: 'INACTIVE' });
    const badReason = await call(t, c.requestRefund, {
      body: {
        bookingId: fresh.booking.id,
        token: fresh.token,
        ticketIds: fresh.ticketIds,
        reasonId: inactive.id,
      },
      headers: withKey(),
    });
    expect(badReason.status).toBe(400);
    expect(badReason.error?.errors?.[0]?.field).toBe('reasonId');
  });

  it('hides requests from other organizations and scanners; administrators decide any, audited', async () => {
    const o = await paidOrder();
    const request = await insertRefundRequest(t.db, { booking: o.booking, tickets: o.tickets });
    for (const token of [w.tokens.otherOrganizer, w.tokens.scanner, w.tokens.unassigned]) {
      const refused = await call(t, c.declineBookingRefundRequest, {
        token,
        body: { requestId: request.id, reasonId: declineReason.id },
      });
      expect(refused.status).toBe(404);
      const approve = await call(t, c.bookingRefundProcessed, {
        body: { requestId: request.id },
        headers: withKey(token),
      });
      expect(approve.status).toBe(404);
      const list = await call(t, c.organizerRefundBookingTicketList, {
        token,
        query: { eventId: o.event.event.id },
      });
      expect(list.body.result.total).toBe(0);
    }

    const empty = await call(t, c.declineRefundRequest, {
      token: w.tokens.admin,
      body: { requestId: request.id, ticketIds: [], reasonId: declineReason.id },
    });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe(c.EMPTY_SELECTION.declineRefund);
    const emptyRefund = await call(t, c.refundProcessed, {
      body: { requestId: request.id, ticketIds: [] },
      headers: withKey(w.tokens.admin),
    });
    expect(emptyRefund.status).toBe(400);
    expect(emptyRefund.error?.message).toBe(c.EMPTY_SELECTION.issueRefund);
    const wrongReason = await call(t, c.declineRefundRequest, {
      token: w.tokens.admin,
      body: { requestId: request.id, ticketIds: [o.ticketIds[0] as string], reasonId: askReason.id },
    });
    expect(wrongReason.status).toBe(400);

    const declined = await call(t, c.declineRefundRequest, {
      token: w.tokens.admin,
      body: { requestId: request.id, ticketIds: [o.ticketIds[0] as string], reasonId: declineReason.id },
    });
    expect(declined.status).toBe(200);
    // Two tickets still wait: the request as a whole is still REQUESTED.
    expect(declined.body.result.status).toBe('REQUESTED');
    expect(declined.body.result.tickets.map((x) => x.status)).toEqual(['DECLINED', 'REQUESTED', 'REQUESTED']);
    const notWaiting = await call(t, c.declineRefundRequest, {
      token: w.tokens.admin,
      body: { requestId: request.id, ticketIds: [o.ticketIds[0] as string], reasonId: declineReason.id },
    });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.error?.message).toBe(c.REFUND_MESSAGES.ticketsNotRequested);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, request.id), eq(auditLog.action, 'REFUND_REQUEST_DECLINED')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorId: w.admin.user.id, actorRole: 'ADMIN' });

    const approved = await call(t, c.bookingRefundProcessed, {
      body: { requestId: request.id },
      headers: withKey(w.tokens.admin),
    });
    expect(approved.status).toBe(200);
    expect(approved.body.result.refund.amount).toBe(5000);
    const [approval] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, request.id), eq(auditLog.action, 'REFUND_REQUEST_APPROVED')));
    expect(approval?.actorId).toBe(w.admin.user.id);
  });

  it('lists requests: dates in the caller’s zone, sort by amount, organization filter, search by event', async () => {
    const o = await paidOrder();
    // 23:30 UTC on Mar 4 is Mar 5 in Berlin (the test client's zone).
    const late = await insertRefundRequest(t.db, {
      booking: o.booking,
      tickets: o.tickets.slice(0, 1),
      status: 'DECLINED',
      createdAt: new Date('2026-03-04T23:30:00Z'),
    });
    const big = await insertRefundRequest(t.db, {
      booking: o.booking,
      tickets: o.tickets.slice(1, 3),
      createdAt: new Date('2026-03-06T12:00:00Z'),
    });
    const query = { eventId: o.event.event.id };
    const onFifth = await call(t, c.organizerRefundBookingTicketList, {
      token: w.owner.token,
      query: { ...query, from: '2026-03-05', to: '2026-03-05' },
    });
    expect(onFifth.body.result.items.map((r) => r._id)).toEqual([late.id]);
    const byAmount = await call(t, c.organizerRefundBookingTicketList, {
      token: w.owner.token,
      query: { ...query, sort: '-amount' },
    });
    expect(byAmount.body.result.items.map((r) => [r._id, r.amount])).toEqual([
      [big.id, 5000],
      [late.id, 2500],
    ]);
    const byTitle = await call(t, c.organizerRefundBookingTicketList, {
      token: w.tokens.admin,
      query: { search: o.event.event.title, organizationId: w.organization.id },
    });
    expect(byTitle.body.result.total).toBe(2);
    const elsewhere = await call(t, c.organizerRefundBookingTicketList, {
      token: w.tokens.admin,
      query: { ...query, organizationId: w.otherOrganization.id },
    });
    expect(elsewhere.body.result.total).toBe(0);
    const backwards = await call(t, c.organizerRefundBookingTicketList, {
      token: w.owner.token,
      query: { from: '2026-03-06', to: '2026-03-05' },
    });
    expect(backwards.status).toBe(400);
  });

  it('a decision re-checks the organizer’s right inside its change: removed meanwhile, 404 and nothing decided', async () => {
    const o = await paidOrder();
    const request = await insertRefundRequest(t.db, { booking: o.booking, tickets: o.tickets });
    const [user] = await t.db.select().from(users).where(eq(users.id, w.organizer.user.id));
    if (!user) throw new Error('organizer');
    const actor = { user, session: {} as Actor['session'] };
    // What the route's access declaration resolved while the organizer was still on the team …
    const { event: grant } = await resolvers.refundRequest(t.db, actor, request.id, 'manage');
    if (!grant) throw new Error('no event grant');
    // … then they leave the organization before the decision's unit of work runs.
    await t.db
      .update(organizationMembers)
      .set({ status: 'INACTIVE' })
      .where(eq(organizationMembers.id, w.members.organizer.id));
    const deps = {
      ...t.app.ports,
      listeners: createRefundListeners(),
      emails: createRequestEmails(),
    };
    try {
      const decider = { actor, event: grant };
      await expect(
        declineRefundRequest(deps, request.id, 'ALL_WAITING', { reasonId: declineReason.id, decider }),
      ).rejects.toMatchObject({ statusCode: 404 });
      await expect(
        approveRefundRequest(deps, request.id, 'ALL_WAITING', { key: 'stale', decider }),
      ).rejects.toMatchObject({ statusCode: 404 });
      const [after] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
      expect(after).toMatchObject({ status: 'REQUESTED', decidedBy: null });
      expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id))).toHaveLength(0);
    } finally {
      await t.db
        .update(organizationMembers)
        .set({ status: 'ACTIVE' })
        .where(eq(organizationMembers.id, w.members.organizer.id));
    }
  });
});
