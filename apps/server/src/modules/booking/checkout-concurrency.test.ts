import * as c from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, inventoryOf, sellableEvent } from '../../../test/checkout-fixtures.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { bookingLines, bookings, payments, tickets } from '../../db/schema/index.js';
import { settlement } from './index.js';

/**
 * The capacity guarantee through real parallel HTTP: 1,000 buyers, each with their own idempotency key,
 * race for 100 seats of one ticket type. The guarded UPDATE decides; nobody gets a seat that is not there.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { booking: { holdMinutes: 10, sweepSeconds: 0 } },
    // Enough connections for the race, and waits long enough that a queue is a wait, not an error.
    database: { max: 16, connectionTimeoutMs: 30_000 },
  });
  // A listen queue for all 1,000 connections at once (the default 511 would refuse some).
  await t.app.listen({ host: '127.0.0.1', port: 0, backlog: 2048 });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

async function race(pricing: 'FREE' | 'PAID') {
  const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing, seats: 100, price: 1500 }] });
  const typeId = ticketTypes[0]?.id as string;
  const tally = await inParallel(
    base,
    1000,
    (i) => ({
      method: 'POST',
      path: c.createBooking.path,
      headers: { ...clientHeaders(), 'idempotency-key': `race-${pricing}-${i}` },
      body: { eventId: event.id, lines: [{ ticketTypeId: typeId, quantity: 1 }], buyer: guest },
    }),
    60_000,
  );
  return { event, typeId, tally };
}

describe('1,000 buyers for 100 seats', () => {
  for (const pricing of ['FREE', 'PAID'] as const) {
    it(`sells exactly 100 ${pricing.toLowerCase()} seats and tells the 900 others they are sold out`, async () => {
      const startedAt = Date.now();
      const { event, typeId, tally } = await race(pricing);
      console.info(`${pricing}: 1,000 calls answered in ${Date.now() - startedAt} ms`, tally.byMessage);
      expect(tally.byStatus).toEqual({ 200: 100, 409: 900 });
      expect(tally.byMessage[`409 ${c.BOOKING_MESSAGES.soldOut('Ticket 1', 0)}`]).toBe(900);
      expect((await inventoryOf(t, typeId))[0]?.sold).toBe(100);
      const rows = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
      expect(rows).toHaveLength(100);
      expect(rows.every((row) => row.status === (pricing === 'FREE' ? 'CONFIRMED' : 'HELD'))).toBe(true);
      // No booking without its seat: every booking has one line of one seat.
      const [seats] = await t.db
        .select({ n: sql<number>`coalesce(sum(${bookingLines.quantity}), 0)::int` })
        .from(bookingLines)
        .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
        .where(eq(bookings.eventId, event.id));
      expect(seats?.n).toBe(100);
      if (pricing === 'FREE') {
        const issued = await t.db.select().from(tickets).where(eq(tickets.eventId, event.id));
        expect(issued).toHaveLength(100);
        return;
      }
      // Settle every payment, some twice: still 100 confirmations, and every ledger group sums to zero.
      const started = await t.db
        .select({ ref: payments.providerRef, amount: payments.amount, currency: payments.currency })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(bookings.eventId, event.id));
      expect(started).toHaveLength(100);
      await Promise.all(
        started.flatMap(({ ref, amount, currency }, i) =>
          Array.from({ length: i % 10 === 0 ? 2 : 1 }, () =>
            settlement(t.app.ports).settle({
              provider: 'sandbox',
              providerRef: ref as string,
              outcome: 'SUCCEEDED',
              amount,
              currency,
            }),
          ),
        ),
      );
      const confirmed = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
      expect(confirmed.filter((row) => row.status === 'CONFIRMED')).toHaveLength(100);
      expect(await t.db.select().from(tickets).where(eq(tickets.eventId, event.id))).toHaveLength(100);
      const unbalanced = await t.db.execute(
        sql`select group_id from ledger_entries group by group_id having sum(amount) <> 0`,
      );
      expect(unbalanced.rows).toEqual([]);
      const groups = await t.db.execute<{ n: number }>(
        sql`select count(distinct l.group_id)::int as n from ledger_entries l join bookings b on b.id = l.booking_id where b.event_id = ${event.id}`,
      );
      expect(groups.rows[0]?.n).toBe(100);
    }, 60_000);
  }
});
