import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { jobsPlugin } from './jobs.js';

async function appWithQueue(enabled: boolean) {
  const database = await freshDatabase();
  const app = Fastify();
  await app.register(jobsPlugin, { db: database.db, enabled });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

describe('job queue (pg-boss on the app database)', () => {
  it('runs a sent job through its worker and runs the start tasks', async () => {
    const t = await appWithQueue(true);
    try {
      const seen: unknown[] = [];
      let started = false;
      t.app.jobs.work<{ n: number }>(
        'test-echo',
        async (data) => {
          seen.push(data.n);
        },
        { pollingIntervalSeconds: 0.5 },
      );
      t.app.jobs.onStart(async () => {
        started = true;
      });
      await t.app.ready();
      expect(await t.app.jobs.send('test-echo', { n: 7 })).toMatch(/^[0-9a-f-]{36}$/);
      const deadline = Date.now() + 5_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual([7]);
      expect(started).toBe(true);
      // Its schema lives beside the application's tables.
      const { rows } = await t.database.pool.query(
        "select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'",
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('stores nothing when the queue is off: the domain rows wait for a server that runs it', async () => {
    const t = await appWithQueue(false);
    try {
      t.app.jobs.work('test-echo', async () => {});
      await t.app.ready();
      expect(t.app.jobs.enabled).toBe(false);
      expect(await t.app.jobs.send('test-echo', {})).toBeNull();
      const { rows } = await t.database.pool.query(
        "select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'",
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
