import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { outgoingMessages } from '../src/db/schema/index.js';
import { MESSAGE_PURGE_CRON, MESSAGE_PURGE_JOB, purgeOldMessages } from '../src/modules/messages/index.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * SENT outgoing messages are kept MESSAGE_RETENTION_DAYS (here 30), then deleted in batches by a daily
 * pg-boss schedule that runs once across all processes; waiting and given-up messages stay whatever
 * their age.
 */
let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ jobs: true, config: { messageRetentionDays: 30 } });
});
afterAll(() => t.close());

/** Messages of one batch `tag`: `status`, sent (or enqueued) `daysAgo` days ago. */
async function insert(tag: string, status: 'PENDING' | 'SENT' | 'FAILED', daysAgo: number, count = 1) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await t.db.insert(outgoingMessages).values(
    Array.from({ length: count }, () => ({
      kind: 'invitation',
      channel: 'EMAIL' as const,
      recipient: `${tag}@example.test`,
      data: { tag },
      intentKey: `purge-test:${randomUUID()}`,
      status,
      attempts: status === 'PENDING' ? 0 : 1,
      // Waiting ones are not due for a long while (the delivery loop runs in this app).
      nextAttemptAt: status === 'PENDING' ? new Date(Date.now() + 30 * DAY) : at,
      sentAt: status === 'SENT' ? at : null,
      createdAt: at,
    })),
  );
}

async function left(tag: string) {
  const rows = await t.db
    .select({ status: outgoingMessages.status, sentAt: outgoingMessages.sentAt })
    .from(outgoingMessages)
    .where(eq(outgoingMessages.recipient, `${tag}@example.test`));
  return rows
    .map((r) => `${r.status}:${r.sentAt ? Math.round((Date.now() - r.sentAt.getTime()) / DAY) : '-'}`)
    .sort();
}

describe('retention purge of sent outgoing messages', () => {
  it('reads MESSAGE_RETENTION_DAYS, 90 days by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).messageRetentionDays).toBe(90);
    expect(loadConfig({ NODE_ENV: 'test', MESSAGE_RETENTION_DAYS: '7' }).messageRetentionDays).toBe(7);
    expect(() => loadConfig({ NODE_ENV: 'test', MESSAGE_RETENTION_DAYS: '0' })).toThrow(
      /MESSAGE_RETENTION_DAYS/,
    );
  });

  it('deletes sent messages past the retention in batches; recent, waiting and failed ones stay', async () => {
    await insert('batch', 'SENT', 45, 23);
    await insert('batch', 'SENT', 10, 2);
    await insert('batch', 'FAILED', 400);
    await insert('batch', 'PENDING', 400);
    // 23 old rows in batches of 5: four full batches, then a short one ends the loop.
    expect(await purgeOldMessages(t.app.ports, 5)).toBe(23);
    expect(await left('batch')).toEqual(['FAILED:-', 'PENDING:-', 'SENT:10', 'SENT:10']);
    expect(await purgeOldMessages(t.app.ports, 5)).toBe(0);
  });

  it('runs as a daily pg-boss schedule whose worker purges them', async () => {
    const { rows: schedules } = await t.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${MESSAGE_PURGE_JOB}`,
    );
    expect(schedules).toEqual([{ cron: MESSAGE_PURGE_CRON, timezone: 'UTC' }]);

    await insert('job', 'SENT', 31, 4);
    await insert('job', 'SENT', 29);
    // What the schedule sends each day, sent now; the queue's worker runs it.
    expect(await t.app.jobs.send(MESSAGE_PURGE_JOB, {})).toMatch(/^[0-9a-f-]{36}$/);
    const deadline = Date.now() + 30_000;
    while ((await left('job')).length > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await left('job')).toEqual(['SENT:29']);
  });
});
