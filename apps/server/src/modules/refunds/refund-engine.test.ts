import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { bookingState, paidBooking, unbalancedGroups } from '../../../test/paid-order-fixtures.js';
import { paymentsStandIn } from '../../../test/payments-stand-in.js';
import { insertRefundRequest } from '../../../test/refund-fixtures.js';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import {
  bookingEvents,
  ledgerEntries,
  refundRequests,
  refundRequestTickets,
  refunds,
  sandboxRefunds,
  ticketInventory,
} from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { createRefundEngine, DueRequired, refundEngine } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe('refund engine', () => {
  it('refunds a whole booking once: amounts, tickets, seats, sandbox refund and a balanced ledger', async () => {
    const w = await paidBooking(t, { quantity: 3, price: 2500, refundServiceFee: true });
    const type = w.type;
    const [before] = await t.db
      .select()
      .from(ticketInventory)
      .where(eq(ticketInventory.ticketTypeId, type.id));
    const row = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: w.tickets.map((x) => x.id),
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(row.status).toBe('PROCESSED');
    expect(row.amount).toBe(w.booking.total);
    expect(row.feePart).toBe(w.booking.serviceFee);
    const after = await bookingState(t, w.bookingId);
    expect(after.booking.refunded).toBe(w.booking.total);
    expect(after.tickets.every((x) => x.status === 'REFUNDED')).toBe(true);
    const [inventory] = await t.db
      .select()
      .from(ticketInventory)
      .where(eq(ticketInventory.ticketTypeId, type.id));
    expect(inventory?.sold).toBe((before?.sold ?? 0) - 3);
    const provider = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.amount, row.amount));
    expect(provider.length).toBeGreaterThanOrEqual(1);
    const posting = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.groupId, row.id));
    expect(posting.map((e) => [e.account, e.amount]).sort()).toEqual(
      [
        ['BUYER_PAYMENTS', -row.amount],
        ['ORGANIZER_PAYABLE', row.organizerPart],
        ['PLATFORM_FEES', row.feePart],
      ].sort(),
    );
    expect(await unbalancedGroups(t)).toEqual([]);
    const timeline = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, w.bookingId));
    expect(timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['REFUND_STARTED', 'REFUNDED']));
  });

  it('keeps the service fee when the organization does not refund it, and refunds it when asked', async () => {
    const w = await paidBooking(t, { quantity: 2, price: 1000, refundServiceFee: false });
    const fee = w.ticket.fee;
    expect(fee).toBeGreaterThan(0);
    const first = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: [w.ticket.id],
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(first).toMatchObject({ amount: 1000, feePart: 0, organizerPart: 1000 });
    // The same ticket again, this time with its fee: only the fee is left to give back.
    const second = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: [w.ticket.id],
      refundServiceFee: true,
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(second).toMatchObject({ amount: fee, feePart: fee, organizerPart: 0 });
    await expect(
      refundEngine(t.app.ports).refund({
        bookingId: w.bookingId,
        ticketIds: [w.ticket.id],
        refundServiceFee: true,
        source: 'ORGANIZER',
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Nothing is left to refund on the chosen tickets.' });
  });

  it('refunds a partial amount, then what is left, and never more', async () => {
    const w = await paidBooking(t, { quantity: 2, price: 3000, refundServiceFee: false });
    const ids = w.tickets.map((x) => x.id);
    const part = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: ids,
      amount: 1001,
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(part.amount).toBe(1001);
    await expect(
      refundEngine(t.app.ports).quote({ bookingId: w.bookingId, ticketIds: ids, amount: 6000 }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const rest = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: ids,
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(rest.amount).toBe(6000 - 1001);
    const after = await bookingState(t, w.bookingId);
    expect(after.booking.refunded).toBe(6000);
    expect(after.tickets.map((x) => x.refunded).reduce((a, b) => a + b)).toBe(6000);
  });

  it('cancels free tickets without a provider call', async () => {
    const w = await paidBooking(t, { quantity: 2, pricing: 'FREE' });
    const row = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: w.tickets.map((x) => x.id),
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(row).toMatchObject({ status: 'PROCESSED', amount: 0, providerRef: null });
    expect((await bookingState(t, w.bookingId)).tickets.every((x) => x.status === 'REFUNDED')).toBe(true);
  });

  it('100 concurrent refunds of one booking, same and different keys: never more than paid', async () => {
    const w = await paidBooking(t, { quantity: 4, price: 1500, refundServiceFee: true });
    const ids = w.tickets.map((x) => x.id);
    const shared = key();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        refundEngine(t.app.ports).refund({
          bookingId: w.bookingId,
          // Half whole-booking refunds with one shared key, half single tickets with their own keys.
          ticketIds: i % 2 === 0 ? ids : [ids[i % ids.length] ?? w.ticket.id],
          source: 'ORGANIZER',
          idempotencyKey: i % 2 === 0 ? shared : key(),
        }),
      ),
    );
    // Under this burst the sandbox may time out waiting for a connection: those stay PENDING until resumed.
    await refundEngine(t.app.ports).resumePending(0);
    const done = await t.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(done.every((r) => r.status === 'PROCESSED')).toBe(true);
    // The invariant is "never more than paid": under this burst some calls may be told to retry later
    // (503, lock waits) and leave tickets unrefunded, but nothing is ever refunded twice.
    const total = done.reduce((sum, r) => sum + r.amount, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(w.booking.total);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => [409, 503].includes((r.reason as { statusCode?: number }).statusCode ?? 0)),
    ).toBe(true);
    const after = await bookingState(t, w.bookingId);
    expect(after.booking.refunded).toBe(total);
    const [sandbox] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${sandboxRefunds.amount}), 0)` })
      .from(sandboxRefunds)
      .where(
        sql`${sandboxRefunds.idempotencyKey} in (select 'refund:' || id from refunds where booking_id = ${w.bookingId})`,
      );
    expect(Number(sandbox?.sum)).toBe(total);
    expect(await unbalancedGroups(t)).toEqual([]);
  });

  it('a provider failure leaves the refund PENDING; finishing it later moves the money once', async () => {
    const w = await paidBooking(t, { quantity: 1, price: 4000 });
    const standIn = paymentsStandIn();
    let failing = true;
    const flaky: PaymentsProvider = {
      ...standIn.provider,
      async refund(input) {
        if (failing) throw new Error('provider unavailable');
        return standIn.provider.refund(input);
      },
    };
    const engine = createRefundEngine({ db: t.db, clock: systemClock, payments: flaky });
    const order = {
      bookingId: w.bookingId,
      ticketIds: [w.ticket.id],
      source: 'ORGANIZER' as const,
      idempotencyKey: key(),
    };
    const pending = await engine.refund(order);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'provider unavailable' });
    expect((await bookingState(t, w.bookingId)).booking.refunded).toBe(pending.amount);
    failing = false;
    // A retry with the same key finishes the same refund; later calls and callbacks change nothing.
    const [again, twice] = await Promise.all([engine.refund(order), engine.refund(order)]);
    expect(again.id).toBe(pending.id);
    expect(twice.id).toBe(pending.id);
    expect((await engine.finish(pending.id)).status).toBe('PROCESSED');
    expect(standIn.calls.filter((x) => x.startsWith(`refund:${pending.id}`)).length).toBeGreaterThanOrEqual(
      1,
    );
    const posted = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.groupId, pending.id), eq(ledgerEntries.kind, 'REFUND')));
    expect(posted).toHaveLength(3);
    const processed = await t.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    expect(processed).toHaveLength(1);
    expect(
      await engine.settleFromProvider({
        provider: 'sandbox',
        providerRef: processed[0]?.providerRef ?? 'missing',
        outcome: 'SUCCEEDED',
      }),
    ).toBe('ALREADY_SETTLED');
  });

  it("answers a buyer's open request for the tickets it refunds, whoever starts the refund", async () => {
    const w = await paidBooking(t, { quantity: 2, price: 1200 });
    const request = await insertRefundRequest(t.db, { booking: w.booking, tickets: [w.ticket] });
    const row = await refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: w.ticketIds,
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    expect(row.status).toBe('PROCESSED');
    const [after] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
    expect(after?.status).toBe('PROCESSED');
    const lines = await t.db
      .select()
      .from(refundRequestTickets)
      .where(eq(refundRequestTickets.requestId, request.id));
    expect(lines.map((l) => [l.status, l.refundId])).toEqual([['PROCESSED', row.id]]);
  });

  it('asks for a due when the organizer part exceeds what the platform holds', async () => {
    const w = await paidBooking(t, { quantity: 1, price: 5000 });
    // The organizer's money was paid out: what the platform holds is now zero.
    const groupId = crypto.randomUUID();
    await t.db.insert(ledgerEntries).values([
      {
        groupId,
        organizationId: w.event.organizationId,
        account: 'ORGANIZER_PAYABLE',
        amount: w.booking.organizerAmount,
        currency: w.booking.currency,
        kind: 'PAYOUT',
      },
      {
        groupId,
        organizationId: w.event.organizationId,
        account: 'BUYER_PAYMENTS',
        amount: -w.booking.organizerAmount,
        currency: w.booking.currency,
        kind: 'PAYOUT',
      },
    ]);
    const quote = await refundEngine(t.app.ports).quote({ bookingId: w.bookingId, ticketIds: [w.ticket.id] });
    expect(quote).toMatchObject({ organizerHeld: 0, due: quote.organizerPart, organizerBalanceAfter: 0 });
    const refused = refundEngine(t.app.ports).refund({
      bookingId: w.bookingId,
      ticketIds: [w.ticket.id],
      source: 'ORGANIZER',
      idempotencyKey: key(),
    });
    await expect(refused).rejects.toBeInstanceOf(DueRequired);
    expect((await bookingState(t, w.bookingId)).booking.refunded).toBe(0);
  });
});
