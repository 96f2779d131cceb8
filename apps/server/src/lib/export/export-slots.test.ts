import * as c from '@marquee/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellableEvent } from '../../../test/checkout-fixtures.js';
import { type HttpAnswer, httpCall, listenOnLoopback } from '../../../test/concurrency.js';
import { clientHeaders, createTestApp, loginAs, type TestApp } from '../../../test/helpers.js';
import { EXPORT_MESSAGES } from './export-slots.js';

/**
 * Found when the API was attacked from outside: twelve parallel exports by one organizer took every
 * connection of the pool (4 × 500, 2 × 503, the rest stalled). Exports now take a slot (at most
 * EXPORT_MAX_PER_USER per person, 429 past it) and stream from a pool of their own.
 */
let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  // Lock waits longer than the test holds its lock: the exports wait for it, they do not fail.
  t = await createTestApp({ database: { lockTimeoutMs: 60_000 } });
  base = await listenOnLoopback(t);
  const { owner } = await sellableEvent(t);
  token = await loginAs(t, owner.email, owner.password);
});
afterAll(async () => {
  await t?.close();
});

async function until(what: string, done: () => Promise<boolean> | boolean) {
  for (let n = 0; n < 300; n += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('exports by one person at once', () => {
  it('twelve in parallel: two run, the others 429 with Retry-After; ordinary calls are served meanwhile', async () => {
    expect(t.config.exports).toEqual({ maxConcurrent: 4, maxPerUser: 2 });
    // A connection of the test's own holds the orders table: every export that reaches its COUNT waits
    // there, holding its connection, for as long as the test likes.
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    const answers: HttpAnswer[] = [];
    let exports: Promise<HttpAnswer[]> | undefined;
    try {
      await holder.query('begin');
      await holder.query('lock table bookings in access exclusive mode');
      exports = Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          httpCall(
            base,
            {
              method: 'GET',
              path: `${c.EXPORT_PATH}?kind=orders&format=csv&search=run${i}`,
              headers: clientHeaders(token),
            },
            60_000,
          ).then((answer) => {
            answers.push(answer);
            return answer;
          }),
        ),
      );
      // This file's database only: pg_locks lists the whole cluster, and the other files' databases are
      // clones of one template, so their bookings tables have the same OID (CI once counted 15, not 2).
      const waiting = async () =>
        (
          await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks
             where relation = 'bookings'::regclass and not granted
               and database = (select oid from pg_database where datname = current_database())`,
          )
        ).rows[0]?.n ?? 0;
      await until('exports waiting on the orders table', async () => (await waiting()) >= 2);

      // While exports hold their connections, the calls' pool is free for everyone else.
      const health = await httpCall(base, { method: 'GET', path: '/api/health' });
      expect(health.status).toBe(200);
      const profile = await httpCall(base, {
        method: 'GET',
        path: c.getUserDetail.path,
        headers: clientHeaders(token),
      });
      expect(profile.status).toBe(200);

      await until('ten exports refused', () => answers.length >= 10);
      expect(await waiting()).toBe(2);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const all = await (exports as Promise<HttpAnswer[]>);
    const statuses = all.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, ...Array(10).fill(429)]);
    for (const refused of all.filter((a) => a.status === 429)) {
      expect(refused.body.message).toBe(EXPORT_MESSAGES.perUser(2));
      expect(refused.headers['retry-after']).toBeDefined();
    }
    // The slots are given back: the next export runs.
    const next = await httpCall(base, {
      method: 'GET',
      path: `${c.EXPORT_PATH}?kind=orders&format=csv`,
      headers: clientHeaders(token),
    });
    expect(next.status).toBe(200);
    expect(t.app.exportSlots.running()).toBe(0);
  }, 60_000);
});
