import * as c from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { guest, inventoryOf, sellableEvent } from '../../../test/checkout-fixtures.js';
import { type HttpAnswer, httpCall, listenOnLoopback, tally } from '../../../test/concurrency.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { holdSeats, joinBody, offerTokenOf } from '../../../test/waiting-list-fixtures.js';
import { bookingLines, bookings, waitingListEntries } from '../../db/schema/index.js';
import { runWaitingListSweep } from './index.js';

/**
 * The waiting list's limits through real parallel HTTP (docs/waiting-list.md): seats come back while
 * offers are being accepted (each offer link used twice at once), public buyers race for the same
 * seats and several sweeps run at the same time. PostgreSQL decides: nobody off the street gets a
 * returned seat, each offer is used once, and offers + sold never pass the capacity.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { booking: { holdMinutes: 7 * 24 * 60, sweepSeconds: 0 } },
    database: { max: 16, connectionTimeoutMs: 30_000 },
  });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

const SEATS = 20;
const WAITING = 10;
const PUBLIC = 100;

let keys = 0;
const key = () => {
  keys += 1;
  return `wl-race-${keys}`;
};

describe('seats released while offers are accepted and the public races', () => {
  it('offers exactly the seats that came back, uses each offer once, and sells none of them to the public', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: SEATS, price: 1500 }] });
    const typeId = ticketTypes[0]?.id as string;
    const holds = [];
    for (let i = 0; i < SEATS; i += 1) holds.push(await holdSeats(t, event.id, typeId));
    const entries = [];
    for (let i = 0; i < WAITING; i += 1) {
      const joined = await call(t, c.joinWaitingList, { body: joinBody(event.id, typeId, 100 + i) });
      expect(joined.status).toBe(200);
      entries.push(joined.body.result);
    }
    const publicBuy = () =>
      httpCall(
        base,
        {
          method: 'POST',
          path: c.createBooking.path,
          headers: { ...clientHeaders(), 'idempotency-key': key() },
          body: { eventId: event.id, lines: [{ ticketTypeId: typeId, quantity: 1 }], buyer: guest },
        },
        60_000,
      );
    const cancel = (hold: { bookingId: string; token: string }) =>
      httpCall(
        base,
        { method: 'POST', path: c.cancelHeldBooking.path, headers: clientHeaders(), body: hold },
        60_000,
      );
    const sweeps = () => Array.from({ length: 4 }, () => runWaitingListSweep(t.app.ports));

    // Round 1: half the returned seats come back while the public races and sweeps run.
    const round1 = await Promise.all([
      Promise.all(holds.slice(0, 5).map(cancel)),
      Promise.all(Array.from({ length: PUBLIC }, publicBuy)),
      Promise.all(sweeps()),
    ]);
    await runWaitingListSweep(t.app.ports);
    expect(round1[0].every((a) => a.status === 200)).toBe(true);
    expect(tally(round1[1]).byStatus).toEqual({ 409: PUBLIC });
    const offered = await t.db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.eventId, event.id), eq(waitingListEntries.status, 'OFFERED')));
    expect(offered).toHaveLength(5);
    // In line order: the first five who joined.
    expect(offered.map((e) => e.name).sort()).toEqual(
      entries
        .slice(0, 5)
        .map((e) => e.name)
        .sort(),
    );

    // Round 2: each offer link used twice at once, the other five seats come back, the public races again.
    const accepts: Promise<HttpAnswer>[] = [];
    for (const entry of offered) {
      const token = (await offerTokenOf(t, entry.id)) as string;
      for (let n = 0; n < 2; n += 1) {
        accepts.push(
          httpCall(
            base,
            {
              method: 'POST',
              path: c.createBooking.path,
              headers: { ...clientHeaders(), 'idempotency-key': key() },
              body: {
                eventId: event.id,
                lines: [{ ticketTypeId: typeId, quantity: 1 }],
                buyer: { name: entry.name, email: entry.email },
                waitingListOffer: { entryId: entry.id, token },
              },
            },
            60_000,
          ),
        );
      }
    }
    const round2 = await Promise.all([
      Promise.all(accepts),
      Promise.all(holds.slice(5, 10).map(cancel)),
      Promise.all(Array.from({ length: PUBLIC }, publicBuy)),
      Promise.all(sweeps()),
    ]);
    await runWaitingListSweep(t.app.ports);
    const accepted = tally(round2[0]);
    console.info('offer links used twice each:', accepted.byMessage);
    expect(accepted.byStatus).toEqual({ 200: 5, 409: 5 });
    expect(round2[1].every((a) => a.status === 200)).toBe(true);
    expect(tally(round2[2]).byStatus).toEqual({ 409: PUBLIC });

    const statuses = await t.db.execute<{ status: string; n: number; seats: number }>(
      sql`select status, count(*)::int as n, coalesce(sum(offered_quantity), 0)::int as seats
          from waiting_list_entries where event_id = ${event.id} group by status order by status::text`,
    );
    expect(statuses.rows).toEqual([
      { status: 'ACCEPTED', n: 5, seats: 5 },
      { status: 'OFFERED', n: 5, seats: 5 },
    ]);
    // Seats offered (10) are exactly the seats that came back (10 cancelled holds).
    const [held] = await t.db
      .select({ seats: sql<number>`coalesce(sum(${bookingLines.quantity}), 0)::int` })
      .from(bookingLines)
      .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
      .where(and(eq(bookings.eventId, event.id), eq(bookings.status, 'HELD')));
    // 10 holds never cancelled + 5 bought through offers, and 5 seats held by open offers: the capacity.
    expect(held?.seats).toBe(15);
    expect((await inventoryOf(t, typeId))[0]?.sold).toBe(SEATS);
    const pool = await t.db.execute<{ held: number }>(
      sql`select coalesce(sum(held), 0)::int as held from waiting_list_pools p
          join ticket_inventory i on i.id = p.inventory_id where i.ticket_type_id = ${typeId}`,
    );
    expect(pool.rows[0]?.held).toBe(0);
  }, 120_000);
});
