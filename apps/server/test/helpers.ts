import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { localMediaStorage } from '../src/adapters/media-storage/index.js';
import { type AppDeps, buildApp } from '../src/app.js';
import { type Config, testConfig } from '../src/config.js';
import { connectDatabase, type Database, type PoolLimits } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import type { Clock } from '../src/lib/clock.js';
import { hashPassword } from '../src/lib/passwords.js';
import { deliverMessages as deliverDue } from '../src/modules/messages/index.js';
import { clientHeaders } from './client-headers.js';
import { withDatabase } from './global-setup.js';

export { clientHeaders };

/** A fresh database cloned from the migrated template; dropped again by `drop()`. */
export async function freshDatabase(
  limits: Partial<PoolLimits> = {},
): Promise<Database & { url: string; drop(): Promise<void> }> {
  const name = `marquee_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = inject('pgAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  const url = withDatabase(adminUrl, name);
  const database = connectDatabase(url, { max: 5, ...limits });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-21T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    logger?: AppDeps['logger'];
    deps?: Partial<Pick<AppDeps, 'mediaStorage' | 'payments' | 'settle' | 'sandboxWebhookSender' | 'mailer'>>;
    /** Shorter database waits, for tests that hold a lock on purpose. */
    database?: Partial<PoolLimits>;
    /** Run the job queue (pg-boss); off by default, since starting it costs each test file time. */
    jobs?: boolean;
  } = {},
) {
  const database = await freshDatabase(options.database);
  const config = testConfig(options.config);
  // Uploaded media go to a temporary folder of this test app, removed on close.
  const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-media-'));
  const mediaStorage = options.deps?.mediaStorage ?? localMediaStorage(mediaDir);
  const app = await buildApp({
    config,
    db: database.db,
    clock: options.clock,
    logger: options.logger,
    ...options.deps,
    mediaStorage,
    jobs: options.jobs ?? false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    url: database.url,
    config,
    mediaDir,
    async close() {
      await app.close();
      await database.drop();
      await fs.rm(mediaDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let userCounter = 0;

export async function createUser(
  t: TestApp,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  userCounter += 1;
  const { password = 'Secret#12345', ...rest } = values;
  const suffix = `${Date.now().toString(36)}${userCounter}`;
  const [user] = await t.db
    .insert(users)
    .values({
      email: `user${suffix}@example.test`,
      username: `user${suffix}`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashPassword(password),
      ...rest,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

export async function loginAs(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers: clientHeaders(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().result.accessToken;
}

/**
 * Runs the outgoing message worker once (modules/messages): what committed changes enqueued is
 * rendered and handed to the mailer or SMS sender, as a server's delivery loop would do shortly after.
 */
export async function deliverMessages(t: { app: TestApp['app'] }) {
  return deliverDue(t.app.ports);
}
