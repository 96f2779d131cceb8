import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HOURS } from '../src/db/idempotency-store.js';
import { idempotencyKeys } from '../src/db/schema/index.js';
import { PURGE_CRON, PURGE_JOB } from '../src/lib/idempotency.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Expired idempotency keys (kept IDEMPOTENCY_HOURS) go in batches, by a pg-boss schedule that runs once
 * across all processes; live keys, answered or still in flight, stay.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** `expired` rows past their expiry and `live` ones within it (every third of those still in flight). */
async function insertKeys(prefix: string, expired: number, live: number) {
  const now = Date.now();
  const row = (i: number, expiresAt: Date) => ({
    scope: `user:${prefix}`,
    route: 'POST /api/v1/test',
    key: `${prefix}-${i}`,
    requestHash: 'h',
    status: i % 3 === 0 ? null : 200,
    body: i % 3 === 0 ? null : { ok: true },
    createdAt: new Date(expiresAt.getTime() - IDEMPOTENCY_HOURS * HOUR),
    expiresAt,
  });
  await t.db
    .insert(idempotencyKeys)
    .values([
      ...Array.from({ length: expired }, (_, i) => row(i, new Date(now - (i + 1) * 60_000))),
      ...Array.from({ length: live }, (_, i) => row(expired + i, new Date(now + (i + 1) * HOUR))),
    ]);
}

async function keysOf(prefix: string) {
  const { rows } = await t.db.execute<{ key: string; expired: boolean }>(
    sql`select key, expires_at < now() as expired from ${idempotencyKeys} where scope = ${`user:${prefix}`}`,
  );
  return rows;
}

describe('purge of expired idempotency keys', () => {
  it('deletes every expired key in batches of the given size and keeps the live ones', async () => {
    await insertKeys('batch', 23, 7);
    // 23 expired rows in batches of 5: four full batches, then a short one ends the loop.
    const purged = await t.app.idempotency?.purgeExpired({ batchSize: 5 });
    expect(purged).toBe(23);
    const left = await keysOf('batch');
    expect(left).toHaveLength(7);
    expect(left.every((row) => !row.expired)).toBe(true);
    // Nothing left to purge: a second run deletes nothing.
    expect(await t.app.idempotency?.purgeExpired({ batchSize: 5 })).toBe(0);
  });

  it('runs as an hourly pg-boss schedule whose worker purges the expired keys', async () => {
    const { rows: schedules } = await t.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${PURGE_JOB}`,
    );
    expect(schedules).toEqual([{ cron: PURGE_CRON, timezone: 'UTC' }]);

    await insertKeys('job', 12, 4);
    // What the schedule sends each hour, sent now; the queue's worker runs it.
    expect(await t.app.jobs.send(PURGE_JOB, {})).toMatch(/^[0-9a-f-]{36}$/);
    const deadline = Date.now() + 15_000;
    while ((await keysOf('job')).some((row) => row.expired) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const left = await keysOf('job');
    expect(left).toHaveLength(4);
    expect(left.every((row) => !row.expired)).toBe(true);
  });
});
