import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { users } from '../src/db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed.js';
import { withStartupLock } from '../src/db/startup-lock.js';
import { freshDatabase } from './helpers.js';

describe('several processes starting on one database', () => {
  it('migrate and seed in turn: the demo data is created once, without errors', async () => {
    const database = await freshDatabase();
    const processes = [
      connectDatabase(database.url, 2),
      connectDatabase(database.url, 2),
      connectDatabase(database.url, 2),
    ];
    try {
      const seeded = await Promise.all(
        processes.map((p) =>
          withStartupLock(p.pool, async () => {
            await runMigrations(p.db);
            return seedDemoData(p.db);
          }),
        ),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const [row] = await database.db.select({ n: count() }).from(users);
      // The demo accounts (seed.ts, the approval queues' four included) plus the two members of the demo
      // organizations (seed-organizations.ts).
      expect(row?.n).toBe(DEMO_ACCOUNTS.length + 2);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await database.drop();
    }
    // One whole demo seeding, its orders included, while the others wait.
  }, 60_000);

  it('a process waits for the work of another longer than its lock timeout, and gets its limits back', async () => {
    const database = await freshDatabase();
    const processes = [
      connectDatabase(database.url, { max: 1, lockTimeoutMs: 200 }),
      connectDatabase(database.url, { max: 1, lockTimeoutMs: 200 }),
    ];
    try {
      const order: string[] = [];
      await Promise.all(
        processes.map((p, i) =>
          withStartupLock(p.pool, async () => {
            order.push(`start ${i}`);
            await new Promise((resolve) => setTimeout(resolve, 600));
            order.push(`end ${i}`);
          }),
        ),
      );
      expect(order.filter((_, i) => i % 2 === 0).every((step) => step.startsWith('start'))).toBe(true);
      for (const p of processes) {
        const shown = await p.pool.query('show lock_timeout');
        expect(shown.rows[0]?.lock_timeout).toBe('200ms');
      }
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await database.drop();
    }
  });
});
