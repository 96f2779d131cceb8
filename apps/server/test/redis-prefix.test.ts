import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStorage } from '../src/adapters/media-storage/index.js';
import { type App, buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { createRedisPubSub, type PubSub } from '../src/lib/pubsub.js';
import { createRedisLink } from '../src/lib/redis.js';
import { clientHeaders, createTestApp, createUser, type TestApp } from './helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 3;
const login = { maxFailures: 100, lockMinutes: 15, rateLimitPerMinute: LIMIT };
/** A prefix of this run's own, as two installations (staging, production) would each have. */
const freshPrefix = (name: string) => `${name}-${randomBytes(4).toString('hex')}:`;

function signIn(app: App, body: { email: string; password: string }, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: c.login.path,
    headers: clientHeaders(),
    payload: body,
    remoteAddress,
  });
}

/**
 * Two installations on one Redis (REDIS_KEY_PREFIX differs): each counts its own rate limits and hears
 * only its own messages, even for the same client address and the same channel.
 */
describe.skipIf(!redisUrl)('REDIS_KEY_PREFIX: two installations share one Redis (TEST_REDIS_URL)', () => {
  let staging: TestApp;
  let production: { app: App; database: Database; mediaDir: string };
  const stagingPrefix = freshPrefix('staging');

  beforeAll(async () => {
    staging = await createTestApp({ config: { redisUrl, redisKeyPrefix: stagingPrefix, login } });
    // On the same database, so the same user signs in to both.
    const database = connectDatabase(staging.url, { max: 5 });
    const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-media-'));
    const app = await buildApp({
      config: testConfig({ redisUrl, redisKeyPrefix: freshPrefix('production'), login }),
      db: database.db,
      mediaStorage: localMediaStorage(mediaDir),
      jobs: false,
    });
    await app.ready();
    production = { app, database, mediaDir };
  });
  afterAll(async () => {
    await production?.app.close();
    await production?.database.close();
    if (production) await fs.rm(production.mediaDir, { recursive: true, force: true });
    await staging?.close();
  });

  it("one installation's sign-in limit does not count the other's calls", async () => {
    const user = await createUser(staging);
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const wrong = { email: user.email, password: 'not-it' };
    for (let i = 0; i < LIMIT; i++) expect((await signIn(staging.app, wrong, address)).statusCode).toBe(400);
    expect((await signIn(staging.app, wrong, address)).statusCode).toBe(429);
    // The same address, the same Redis: a shared count would refuse this one too.
    expect((await signIn(production.app, user, address)).statusCode).toBe(200);
  });

  it('rate-limit keys in Redis carry the prefix', async () => {
    const link = createRedisLink(redisUrl ?? '');
    try {
      const keys = await link.commands.client.keys(`${stagingPrefix}rate-limit:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await link.close();
    }
  });

  it('a message on a channel reaches the same prefix only', async () => {
    const open: { pubsub: PubSub; close(): Promise<void> }[] = [];
    const pubsubWith = (prefix: string) => {
      const link = createRedisLink(redisUrl ?? '', undefined, prefix);
      const pubsub = createRedisPubSub(link);
      open.push({ pubsub, close: () => pubsub.close().then(() => link.close()) });
      return pubsub;
    };
    try {
      const prefix = freshPrefix('one');
      const [sender, sameInstallation, otherInstallation] = [
        pubsubWith(prefix),
        pubsubWith(prefix),
        pubsubWith(freshPrefix('other')),
      ];
      const heard: string[] = [];
      const overheard: string[] = [];
      await sameInstallation.subscribe('door', (message) => void heard.push(message));
      await otherInstallation.subscribe('door', (message) => void overheard.push(message));
      await sender.publish('door', 'scan');
      const deadline = Date.now() + 5_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      // Redis delivers to every subscriber of a channel at once: the other one had its chance.
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual(['scan']);
      expect(overheard).toEqual([]);
    } finally {
      for (const one of open) await one.close();
    }
  });
});
