import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
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
import { buyerAccess, insertRefundRequest } from '../../../test/refund-fixtures.js';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import { ledgerEntries, outboxMessages, outgoingMessages, refunds, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/access/index.js';
import { resolvers } from '../../lib/access/resources.query.js';
import { approveRefundRequest } from './commands/approve-refund-request.js';
import { APPROVED_EMAIL_DELAY_MS, createRequestEmails } from './emails/request-emails.js';
import { refundEngine } from './index.js';
import { createRefundListeners } from './refund-listeners.js';

const HOUR = 3_600_000;

/**
 * The buyer's email about an approved refund request is enqueued in the transaction that reserves the
 * approval's refund: an approval the engine refuses (and undoes) leaves no message; an approval leaves
 * exactly one — "approved" while the provider has not confirmed, "processed" once it has (which
 * withdraws an "approved" not yet sent).
 */
describe('refund request decision emails, in the decision’s transaction', () => {
  let t: TestApp;
  let w: EventWorld;
  const clock = manualClock(new Date('2026-11-21T10:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { devOutbox: true, publicUrl: 'http://shop.test' } });
    w = await eventWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A paid order of 2 tickets, its buyer asking for both back (a request waiting for a decision). */
  async function waitingRequest() {
    const event = await w.event({
      startsAt: new Date(clock.now().getTime() + 72 * HOUR),
      values: { slug: `decision-${randomUUID().slice(0, 8)}` },
    });
    const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
    const order = await insertBooking(t.db, {
      event,
      buyer: { name: 'Dana Decision', email },
      lines: [{ quantity: 2 }],
      createdAt: new Date(clock.now().getTime() - HOUR),
    });
    await buyerAccess(t.db, order.booking.id);
    const request = await insertRefundRequest(t.db, { booking: order.booking, tickets: order.tickets });
    return { ...order, email, request };
  }

  const messagesOf = (bookingId: string) =>
    t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.orderId, bookingId))
      .orderBy(asc(outgoingMessages.seq));

  const sentTo = async (to: string) => {
    await deliverMessages(t);
    return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
  };

  /** The engine's dependencies with a provider that accepts refunds but confirms them later. */
  async function decidingWithSlowProvider(requestId: string) {
    const slow: PaymentsProvider = {
      ...t.app.ports.payments,
      async refund(input) {
        return { providerRef: `slow_${input.refundId}`, status: 'PENDING', failureReason: null };
      },
    };
    const deps = {
      ...t.app.ports,
      payments: slow,
      listeners: createRefundListeners(),
      emails: createRequestEmails(),
    };
    const [user] = await t.db.select().from(users).where(eq(users.id, w.organizer.user.id));
    if (!user) throw new Error('organizer');
    const actor = { user, session: {} as Actor['session'] };
    const { event } = await resolvers.refundRequest(t.db, actor, requestId, 'manage');
    if (!event) throw new Error('no event grant');
    return () =>
      approveRefundRequest(deps, requestId, 'ALL_WAITING', { key: 'slow', decider: { actor, event } });
  }

  it('an approval the engine refuses is undone and enqueues nothing', async () => {
    const o = await waitingRequest();
    // Everything held for the organization paid out: the refund's organizer part becomes a due.
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
    await payout(held + o.booking.organizerAmount);
    try {
      const approve = await call(t, c.bookingRefundProcessed, {
        body: { requestId: o.request.id },
        headers: { ...clientHeaders(w.owner.token), 'idempotency-key': randomUUID() },
      });
      expect(approve.status).toBe(409);
      expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id))).toEqual([]);
      expect(await messagesOf(o.booking.id)).toEqual([]);
      clock.advance(APPROVED_EMAIL_DELAY_MS);
      expect(await sentTo(o.email)).toEqual([]);
    } finally {
      await payout(-(held + o.booking.organizerAmount));
    }
  });

  it('an approval refunded at once leaves exactly one message: the processed email', async () => {
    const o = await waitingRequest();
    const approve = await call(t, c.bookingRefundProcessed, {
      body: { requestId: o.request.id },
      headers: { ...clientHeaders(w.organizer.token), 'idempotency-key': randomUUID() },
    });
    expect(approve.status).toBe(200);
    expect(approve.body.result.refund.status).toBe('PROCESSED');
    const messages = await messagesOf(o.booking.id);
    expect(messages.map((m) => m.kind)).toEqual(['refund-processed']);
    clock.advance(APPROVED_EMAIL_DELAY_MS);
    const sent = await sentTo(o.email);
    expect(sent.map((m) => m.subject)).toEqual([`Your refund has been processed (${o.booking.code})`]);
    // What changed and what the buyer gets: the amount in the event's currency, the tickets, the
    // date in the event's zone, and what the order still holds.
    const text = sent[0]?.text ?? '';
    const refunded = approve.body.result.refund.amount;
    const amount = c.formatAmount(refunded, o.booking.currency);
    expect(text).toContain(
      `approved your refund request: ${amount} has been refunded on order ${o.booking.code}.`,
    );
    expect(text).toMatch(/Tickets refunded: 2 × [^.]+\. They no longer admit entry\./);
    expect(text).toMatch(
      /[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} – \d{2}:\d{2} \(Europe\/London\)/,
    );
    expect(text).toContain('The order has no valid tickets left.');
  });

  it('an approval the provider has not confirmed leaves one "approved" email, due after its delay', async () => {
    const o = await waitingRequest();
    const outcome = await (await decidingWithSlowProvider(o.request.id))();
    expect(outcome.refund?.status).toBe('PENDING');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id));
    const messages = await messagesOf(o.booking.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'refund-request-approved',
      intentKey: `refund-request-approved:${refund?.id}`,
      status: 'PENDING',
    });
    // The same approval again (its key) finds the refund: no second message.
    await (await decidingWithSlowProvider(o.request.id))();
    expect(await messagesOf(o.booking.id)).toHaveLength(1);
    expect(await sentTo(o.email)).toEqual([]);
    clock.advance(APPROVED_EMAIL_DELAY_MS);
    const sent = await sentTo(o.email);
    expect(sent.map((m) => m.subject)).toEqual([`Your refund request was approved (${o.booking.code})`]);
  });

  it('a refund confirmed before the "approved" email went out withdraws it: one email, processed', async () => {
    const o = await waitingRequest();
    await (await decidingWithSlowProvider(o.request.id))();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id));
    if (!refund) throw new Error('no refund');
    // The provider's confirmation (its callback, or the next finishing run) arrives within the delay.
    await refundEngine(t.app.ports).settleFromProvider({
      provider: 'sandbox',
      providerRef: `slow_${refund.id}`,
      outcome: 'SUCCEEDED',
    });
    expect((await messagesOf(o.booking.id)).map((m) => m.kind)).toEqual(['refund-processed']);
    clock.advance(APPROVED_EMAIL_DELAY_MS);
    const sent = await sentTo(o.email);
    expect(sent.map((m) => m.subject)).toEqual([`Your refund has been processed (${o.booking.code})`]);
  });

  it('a refund confirmed after the "approved" email went out adds the processed one', async () => {
    const o = await waitingRequest();
    await (await decidingWithSlowProvider(o.request.id))();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, o.booking.id));
    if (!refund) throw new Error('no refund');
    clock.advance(APPROVED_EMAIL_DELAY_MS);
    expect(await sentTo(o.email)).toHaveLength(1);
    await refundEngine(t.app.ports).settleFromProvider({
      provider: 'sandbox',
      providerRef: `slow_${refund.id}`,
      outcome: 'SUCCEEDED',
    });
    const sent = await sentTo(o.email);
    expect(sent.map((m) => m.subject).sort()).toEqual([
      `Your refund has been processed (${o.booking.code})`,
      `Your refund request was approved (${o.booking.code})`,
    ]);
    expect((await messagesOf(o.booking.id)).map((m) => m.status)).toEqual(['SENT', 'SENT']);
  });
});
