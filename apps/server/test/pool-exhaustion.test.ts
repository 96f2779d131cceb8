import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, inventoryOf, sellableEvent } from './checkout-fixtures.js';
import { type HttpAnswer, inParallel } from './concurrency.js';
import { clientHeaders, createTestApp, loginAs, type TestApp } from './helpers.js';

/**
 * Found when the API was attacked from outside: with every connection of the pool busy, calls waiting
 * longer than DB_CONNECTION_TIMEOUT_MS answered 500 (331 of 520 parallel checkouts), because Drizzle
 * wraps the pool's error and only the outer error was read. A busy server says so: 503 with
 * `Retry-After`, and the seats are still sold exactly once.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { booking: { holdMinutes: 10, sweepSeconds: 0 } },
    // A pool far too small for the crowd, and a short wait for a connection: most calls find none.
    database: { max: 2, connectionTimeoutMs: 100 },
  });
  // A listen queue for every connection at once (the default 511 would refuse some).
  await t.app.listen({ host: '127.0.0.1', port: 0, backlog: 2048 });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await t?.close();
});

/** Every answer that is not one of `allowed`, and every 503 without its Retry-After. */
function unexpected(answers: HttpAnswer[], allowed: number[]) {
  return answers
    .filter((a) => !allowed.includes(a.status) || (a.status === 503 && !a.headers['retry-after']))
    .map((a) => `${a.status} ${a.error ?? a.body.message}`);
}

describe('more callers than connections', () => {
  it('400 parallel checkouts for 5 seats: 200, sold out (409) or busy (503 with Retry-After), never 500', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 5 }] });
    const typeId = ticketTypes[0]?.id as string;
    const tally = await inParallel(
      base,
      400,
      (i) => ({
        method: 'POST',
        path: c.createBooking.path,
        headers: { ...clientHeaders(), 'idempotency-key': `crowd-${i}` },
        body: { eventId: event.id, lines: [{ ticketTypeId: typeId, quantity: 1 }], buyer: guest },
      }),
      60_000,
    );
    console.info('checkouts', tally.byStatus);
    expect(unexpected(tally.answers, [200, 409, 503])).toEqual([]);
    // The pool was too small: some were told the server is busy (else this test proves nothing).
    expect(tally.byStatus[503]).toBeGreaterThan(0);
    const sold = (await inventoryOf(t, typeId))[0]?.sold;
    expect(sold).toBe(tally.byStatus[200]);
    expect(sold).toBeLessThanOrEqual(5);
    if (tally.byStatus[409]) expect(sold).toBe(5);
  }, 90_000);

  it('300 parallel order searches: 200 or busy (503 with Retry-After), never 500', async () => {
    const { owner } = await sellableEvent(t);
    const token = await loginAs(t, owner.email, owner.password);
    const tally = await inParallel(
      base,
      300,
      (i) => ({
        method: 'GET',
        path: `${c.organizerBookingList.path}?search=grace${i % 10}&sort=-createdAt`,
        headers: clientHeaders(token),
      }),
      60_000,
    );
    console.info('searches', tally.byStatus);
    expect(unexpected(tally.answers, [200, 503])).toEqual([]);
    expect(tally.byStatus[503]).toBeGreaterThan(0);
  }, 90_000);
});
