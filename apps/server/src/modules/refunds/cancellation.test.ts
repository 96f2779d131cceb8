import * as c from '@marquee/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { guest } from '../../../test/checkout-fixtures.js';
import { insertReason } from '../../../test/event-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  deliverMessages,
  loginAs,
  type TestApp,
} from '../../../test/helpers.js';
import { paidBooking } from '../../../test/paid-order-fixtures.js';
import {
  bookingEvents,
  bookings,
  duePayments,
  eventRefundJobs,
  events,
  ledgerEntries,
  outboxMessages,
  refunds,
} from '../../db/schema/index.js';
import { CANCELLATION_EMAILED } from './commands/run-event-refund.js';
import { eventRefunds, refundEngine } from './index.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A published event with paid bookings made through checkout (the buyer pays the fee), plus a held one. */
async function cancellableEvent(app: TestApp, paidBookings = 3) {
  const first = await paidBooking(app, { quantity: 1 });
  const paid = [first.booking];
  for (let i = 1; i < paidBookings; i += 1)
    paid.push((await paidBooking(app, { on: first, quantity: 1 + (i % 2) })).booking);
  const held = await call(app, c.createBooking, {
    body: {
      eventId: first.event.id,
      lines: [{ ticketTypeId: first.ticketTypes[0]?.id ?? '', quantity: 1 }],
      buyer: guest,
    },
    headers: { ...clientHeaders(), 'idempotency-key': `held-${first.event.id}` },
  });
  expect(held.status).toBe(200);
  await app.db.update(events).set({ title: 'Harbour Lights Gala' }).where(eq(events.id, first.event.id));
  const token = await loginAs(app, first.owner.email, first.owner.password);
  return { token, paid, eventId: first.event.id };
}

async function cancel(app: TestApp, token: string, eventId: string) {
  const reason = await insertReason(app.db, 'EVENT_CANCEL');
  const r = await call(app, c.cancelEvent, { token, body: { eventId, reasonId: reason.id } });
  expect(r.status).toBe(200);
}

async function waitForStatus(app: TestApp, eventId: string, status: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [job] = await app.db.select().from(eventRefundJobs).where(eq(eventRefundJobs.eventId, eventId));
    if (job?.status === status) return job;
    if (Date.now() > deadline) throw new Error(`job ${job?.status ?? 'missing'}, waited for ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const refundsOf = (app: TestApp, eventId: string) =>
  app.db.select().from(refunds).where(eq(refunds.eventId, eventId));

describe('event cancellation refunds', () => {
  it('plan → confirm → the queued job refunds every paid booking once; a second confirm answers the same job', async () => {
    t = await createTestApp({ jobs: true });
    const { token, paid, eventId } = await cancellableEvent(t);
    const total = paid.reduce((sum, b) => sum + b.total, 0);

    const early = await call(t, c.confirmEventRefund, { token, body: { eventId, refundServiceFee: true } });
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe(c.REFUND_MESSAGES.eventNotCancelled);

    await cancel(t, token, eventId);
    const plan = await call(t, c.issueEventRefund, { token, query: { eventId, refundServiceFee: 'true' } });
    expect(plan.status).toBe(200);
    expect(plan.body.result).toMatchObject({
      bookings: 3,
      tickets: 4,
      quote: { amount: total, due: 0, refundServiceFee: true },
      duePaid: 0,
      job: null,
    });
    expect((await call(t, c.getEventRefundProgress, { token, query: { eventId } })).body.result).toBeNull();

    const first = await call(t, c.confirmEventRefund, { token, body: { eventId, refundServiceFee: true } });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      status: 'QUEUED',
      total: 3,
      amount: total,
      refundServiceFee: true,
    });
    const again = await call(t, c.confirmEventRefund, { token, body: { eventId } });
    expect(again.body.result._id).toBe(first.body.result._id);

    await waitForStatus(t, eventId, 'COMPLETED');
    const progress = await call(t, c.getEventRefundProgress, { token, query: { eventId } });
    expect(progress.body.result).toMatchObject({
      status: 'COMPLETED',
      total: 3,
      done: 3,
      pending: 0,
      failed: 0,
      refundedAmount: total,
      lastError: null,
    });
    const rows = await refundsOf(t, eventId);
    expect(rows.map((r) => [r.bookingId, r.status, r.source]).sort()).toEqual(
      paid.map((b) => [b.id, 'PROCESSED', 'EVENT_CANCELLED']).sort(),
    );
    for (const b of await t.db.select().from(bookings).where(eq(bookings.eventId, eventId)))
      expect(b.refunded).toBe(b.status === 'CONFIRMED' ? b.total : 0);

    // One cancellation email per buyer, naming the event and the amount.
    await deliverMessages(t);
    const emails = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.subject, 'Harbour Lights Gala is cancelled%'));
    expect(emails).toHaveLength(3);
    for (const b of paid) {
      const mine = emails.find((e) => e.text.includes(b.code));
      expect(mine?.to).toBe(b.buyerEmail);
      expect(mine?.subject).toContain(
        `your refund of ${c.toMajorString({ amount: b.total, currency: 'USD' })} USD`,
      );
      // What was cancelled, named in the event's zone.
      expect(mine?.text).toMatch(
        /which was to take place on [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} – [^(]+\([A-Za-z_]+(\/[A-Za-z_]+)*\)/,
      );
    }

    // A rerun (a retried queue job) changes nothing.
    expect(await eventRefunds(t.app.ports).run({ eventId })).toBe('SKIPPED');
    await t.db.update(eventRefundJobs).set({ status: 'RUNNING' }).where(eq(eventRefundJobs.eventId, eventId));
    expect(await eventRefunds(t.app.ports).run({ eventId })).toBe('COMPLETED');
    await deliverMessages(t);
    expect(await refundsOf(t, eventId)).toHaveLength(3);
    expect(
      await t.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.subject, 'Harbour Lights Gala is cancelled%')),
    ).toHaveLength(3);
  });

  it('two runs at once (two processes) refund and email each booking exactly once', async () => {
    // Without the queue the confirmed job waits in its row; the worker is run by hand, twice at once.
    t = await createTestApp();
    const { token, paid, eventId } = await cancellableEvent(t, 8);
    await cancel(t, token, eventId);
    const confirmed = await call(t, c.confirmEventRefund, {
      token,
      body: { eventId, refundServiceFee: false },
    });
    expect(confirmed.body.result.status).toBe('QUEUED');
    const outcomes = await Promise.all([
      eventRefunds(t.app.ports).run({ eventId }),
      eventRefunds(t.app.ports).run({ eventId }),
    ]);
    expect(outcomes).toContain('COMPLETED');
    await deliverMessages(t);
    const rows = await refundsOf(t, eventId);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.bookingId)).size).toBe(8);
    expect(rows.every((r) => r.status === 'PROCESSED')).toBe(true);
    // Without the fee the buyer gets the price back; the platform keeps its fee.
    for (const b of paid) expect(rows.find((r) => r.bookingId === b.id)?.amount).toBe(b.subtotal);
    const emailed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookingEvents)
      .where(eq(bookingEvents.kind, CANCELLATION_EMAILED));
    expect(emailed[0]?.n).toBe(8);
    const [job] = await t.db.select().from(eventRefundJobs).where(eq(eventRefundJobs.eventId, eventId));
    expect(job?.status).toBe('COMPLETED');
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.status, 'CANCELLED'))),
    ).toHaveLength(1);
  });

  it('waits for the due when the held money does not cover the refunds, and starts once it is paid', async () => {
    t = await createTestApp({ jobs: true });
    const { token, paid, eventId } = await cancellableEvent(t, 2);
    await cancel(t, token, eventId);
    const organizationId = paid[0]?.organizationId ?? '';
    // The organizer's money was paid out: the platform holds nothing for the refunds' organizer part.
    const paidOut = paid.reduce((sum, b) => sum + b.organizerAmount, 0);
    const payout = crypto.randomUUID();
    await t.db.insert(ledgerEntries).values([
      {
        groupId: payout,
        organizationId,
        account: 'ORGANIZER_PAYABLE',
        amount: paidOut,
        currency: 'USD',
        kind: 'PAYOUT',
      },
      {
        groupId: payout,
        organizationId,
        account: 'BUYER_PAYMENTS',
        amount: -paidOut,
        currency: 'USD',
        kind: 'PAYOUT',
      },
    ]);
    const plan = await call(t, c.issueEventRefund, { token, query: { eventId } });
    const due = plan.body.result.quote.due;
    expect(due).toBe(paidOut);

    const waiting = await call(t, c.confirmEventRefund, { token, body: { eventId } });
    expect(waiting.status).toBe(200);
    expect(waiting.body.result).toMatchObject({
      status: 'WAITING_FOR_DUE',
      total: 2,
      lastError: c.REFUND_MESSAGES.dueRequired(`${c.toMajorString({ amount: due, currency: 'USD' })} USD`),
    });
    // A queue job (a stray retry) does nothing while it waits.
    expect(await eventRefunds(t.app.ports).run({ eventId })).toBe('SKIPPED');
    expect(await refundsOf(t, eventId)).toHaveLength(0);

    // The organizer pays the due (the dues code posts DUE_PAID and tells the engine's listeners).
    const [duePayment] = await t.db
      .insert(duePayments)
      .values({
        organizationId,
        eventId,
        purpose: 'EVENT_CANCELLATION',
        status: 'SUCCEEDED',
        currency: 'USD',
        amount: due,
        provider: 'sandbox',
        providerRef: `due_${eventId}`,
        paidAt: new Date(),
      })
      .returning();
    if (!duePayment) throw new Error('due payment');
    await t.db.insert(ledgerEntries).values([
      {
        groupId: duePayment.id,
        organizationId,
        account: 'ORGANIZER_PAYABLE',
        amount: -due,
        currency: 'USD',
        kind: 'DUE_PAID',
      },
      {
        groupId: duePayment.id,
        organizationId,
        account: 'BUYER_PAYMENTS',
        amount: due,
        currency: 'USD',
        kind: 'DUE_PAID',
      },
    ]);
    await refundEngine(t.app.ports).emitDuePaid(duePayment);
    await waitForStatus(t, eventId, 'COMPLETED');
    const rows = await refundsOf(t, eventId);
    expect(rows.map((r) => r.status)).toEqual(['PROCESSED', 'PROCESSED']);
    const after = await call(t, c.issueEventRefund, { token, query: { eventId } });
    expect(after.body.result).toMatchObject({
      duePaid: due,
      job: { status: 'COMPLETED', done: 2, lastError: null },
    });
  });
});
