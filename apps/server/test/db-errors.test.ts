import * as c from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/client.js';
import { categories, organizations, subcategoryCategories, tags, users } from '../src/db/schema/index.js';
import { createUnitOfWork } from '../src/db/unit-of-work.js';
import { isTransientDbError, mapDatabaseError, pgErrorOf } from '../src/lib/db-errors.js';
import type { AppError } from '../src/lib/errors.js';
import { clientHeaders, createTestApp, createUser, loginAs, manualClock, type TestApp } from './helpers.js';
import { paymentsStandIn } from './payments-stand-in.js';

const MISSING = '99999999-9999-4999-8999-999999999999';
const clock = manualClock();
let t: TestApp;
let admin: string;
let ownerId: string;

/** The error a statement throws, for the mapping to judge. */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

/** A second connection of its own, to hold locks the app then runs into. */
async function otherConnection() {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  return client;
}

beforeAll(async () => {
  // Short lock waits, so that a held lock turns into retries and a 503 within the test's time.
  t = await createTestApp({ clock, database: { lockTimeoutMs: 200 } });
  const a = await createUser(t, { role: 'ADMIN' });
  admin = await loginAs(t, a.email, a.password);
  ownerId = (await createUser(t, { organizerRequest: 'APPROVED' })).id;
});
afterAll(() => t.close());

describe('database errors mapped once', () => {
  it('a unique violation is a 409 naming the field and the value', async () => {
    await t.db.insert(tags).values({ name: 'techno' });
    const mapped = mapDatabaseError(
      await failure(() => t.db.insert(tags).values({ name: 'Techno' })),
    ) as AppError;
    expect(mapped.statusCode).toBe(409);
    expect(mapped.message).toBe('A tag named "techno" already exists.');
    expect(mapped.errors).toEqual([{ field: 'name', message: mapped.message }]);
  });

  it('a foreign key to a missing row is a 404; removing a row still in use is a 409', async () => {
    const [category] = await t.db.insert(categories).values({ name: 'FK' }).returning();
    const missing = mapDatabaseError(
      await failure(() =>
        t.db.insert(subcategoryCategories).values({ subcategoryId: MISSING, categoryId: category?.id ?? '' }),
      ),
    );
    expect(missing?.statusCode).toBe(404);
    await t.db
      .insert(organizations)
      .values({ ownerId, name: 'Owned', socialLinks: {} as never, currency: 'USD' });
    const refused = await failure(() => t.db.delete(users).where(eq(users.id, ownerId)));
    const inUse = mapDatabaseError(refused);
    expect(inUse?.statusCode, `mapped from: ${String((refused as Error).cause ?? refused)}`).toBe(409);
    expect(inUse?.message).toMatch(/still in use/);
  });

  it('a check violation is a 400, never a 500', async () => {
    const error = await failure(() =>
      t.db.update(organizations).set({ maxTicketsPerOrder: 0 }).where(eq(organizations.ownerId, ownerId)),
    );
    expect(mapDatabaseError(error)?.statusCode).toBe(400);
    const negative = await failure(() => t.db.insert(categories).values({ name: 'Negative', order: -1 }));
    expect(mapDatabaseError(negative)?.statusCode).toBe(400);
  });

  it('a serialization failure between two connections is transient and maps to 503 with Retry-After', async () => {
    const [row] = await t.db.insert(categories).values({ name: 'Serial' }).returning();
    const a = await otherConnection();
    const b = await otherConnection();
    try {
      await a.query('begin isolation level serializable');
      await a.query('select * from categories where id = $1', [row?.id]);
      await b.query('update categories set "order" = 1 where id = $1', [row?.id]);
      const error = await failure(() =>
        a.query('update categories set "order" = 2 where id = $1', [row?.id]),
      );
      expect((error as { code?: string }).code).toBe('40001');
      expect(isTransientDbError(error)).toBe(true);
      const mapped = mapDatabaseError(error);
      expect(mapped?.statusCode).toBe(503);
      expect(mapped?.headers).toEqual({ 'retry-after': '1' });
    } finally {
      await a.query('rollback').catch(() => undefined);
      await a.end();
      await b.end();
    }
  });

  it('a deadlock between two units of work is retried: both changes succeed', async () => {
    const [x] = await t.db.insert(categories).values({ name: 'Dead X' }).returning();
    const [y] = await t.db.insert(categories).values({ name: 'Dead Y' }).returning();
    const change = createUnitOfWork({ db: t.db, clock });
    let attempts = 0;
    let release: () => void = () => undefined;
    const bothLocked = new Promise<void>((resolve) => {
      let n = 0;
      release = () => {
        n += 1;
        if (n === 2) resolve();
      };
    });
    const crosswise = (first: string, second: string) =>
      change(async ({ tx, lock }) => {
        attempts += 1;
        // Long enough for PostgreSQL's deadlock detector (1 s) to speak before the lock timeout.
        await tx.execute(sql`set local lock_timeout = '5s'`);
        await lock(categories, eq(categories.id, first));
        release();
        await bothLocked;
        await lock(categories, eq(categories.id, second));
        await tx.update(categories).set({ order: 5 }).where(eq(categories.id, second));
      });
    await Promise.all([crosswise(x?.id ?? '', y?.id ?? ''), crosswise(y?.id ?? '', x?.id ?? '')]);
    expect(attempts).toBe(3);
  });

  it('a row held by another connection past lock_timeout: retried, then 503 with Retry-After, not 500', async () => {
    const [row] = await t.db.insert(categories).values({ name: 'Held' }).returning();
    const holder = await otherConnection();
    try {
      await holder.query('begin');
      await holder.query('select * from categories where id = $1 for update', [row?.id]);
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/category/update-category',
        headers: clientHeaders(admin),
        payload: { categoryId: row?.id, name: 'Held Elsewhere' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().message).toMatch(/try again/);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // Once the other transaction ends, the same change goes through.
    const later = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/category/update-category',
      headers: clientHeaders(admin),
      payload: { categoryId: row?.id, name: 'Held Elsewhere' },
    });
    expect(later.statusCode).toBe(200);
  });

  it('a checked-out connection killed by the server does not crash the process; the pool goes on', async () => {
    const errors: string[] = [];
    const database = connectDatabase(t.url, { max: 2 }, (error) => errors.push(error.message));
    try {
      const client = await database.pool.connect();
      const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
      const killer = await otherConnection();
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await killer.end();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(errors.length).toBeGreaterThan(0);
      client.release(true);
      const [row] = (await database.db.execute(sql`select 1 as one`)).rows;
      expect(row).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });

  it("no free connection in time, under Drizzle's wrapping: transient, and 503 with Retry-After", async () => {
    const database = connectDatabase(t.url, { max: 1, connectionTimeoutMs: 100 });
    const held = await database.pool.connect();
    try {
      const error = await failure(() => database.db.select().from(tags));
      // Drizzle's error is the outer one; the pool's is its cause.
      expect((error as Error).message).toMatch(/^Failed query/);
      expect(isTransientDbError(error)).toBe(true);
      const mapped = mapDatabaseError(error);
      expect(mapped?.statusCode).toBe(503);
      expect(mapped?.headers?.['retry-after']).toBeDefined();
    } finally {
      held.release();
      await database.close();
    }
  });

  it('a connection the server ends under a statement (57P01) is a 503 with Retry-After, not 500', async () => {
    const database = connectDatabase(t.url, { max: 1 });
    const killer = await otherConnection();
    try {
      const running = failure(() => database.db.execute(sql`select pg_sleep(10), 'marker-57p01'`));
      for (let n = 0; n < 100; n += 1) {
        const killed = await killer.query(
          "select pg_terminate_backend(pid) as done from pg_stat_activity where query like '%marker-57p01%' and pid <> pg_backend_pid()",
        );
        if (killed.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const error = await running;
      expect(pgErrorOf(error)?.code).toBe('57P01');
      const mapped = mapDatabaseError(error);
      expect(mapped?.statusCode).toBe(503);
      expect(mapped?.headers?.['retry-after']).toBeDefined();
    } finally {
      await killer.end();
      await database.close();
    }
  });

  it('a database that refuses connections: calls answer 503 with Retry-After, not 500', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const unreachable = connectDatabase('postgres://postgres@127.0.0.1:1/marquee', {
      max: 1,
      connectionTimeoutMs: 2_000,
    });
    // Not the sandbox payments, which read their webhook secret from the database when the app starts.
    const app = await buildApp({
      config: testConfig(),
      db: unreachable.db,
      jobs: false,
      payments: paymentsStandIn().provider,
    });
    try {
      const answer = await app.inject({
        method: 'GET',
        url: c.publicEventList.path,
        headers: clientHeaders(),
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json().message).toMatch(/try again/);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
