import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStorage } from '../src/adapters/media-storage/index.js';
import { type App, buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { type CheckInReadsWorld, checkInReadsWorld, scanAt } from './check-in-reads-world.js';
import { listenOnLoopback } from './concurrency.js';
import { type EventStream, openEventStream } from './event-stream.js';
import { clientHeaders, createTestApp, createUser, type TestApp } from './helpers.js';

/** A closed port: every connection attempt is refused at once. */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';
const LIMIT = 4;
/** The sign-in limit of these apps; failures never lock the account first. */
const login = { maxFailures: 100, lockMinutes: 15, rateLimitPerMinute: LIMIT };

type LogLine = { level: number; msg: string };
/** A logger whose lines the test reads (pino writes one JSON line per entry). */
function capturedLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** A client address of its own: counters in a shared Redis never meet another test's. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function signIn(app: App, body: { email: string; password: string }, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: c.login.path,
    headers: clientHeaders(),
    payload: body,
    remoteAddress,
  });
}

async function readiness(app: App) {
  const response = await app.inject({ method: 'GET', url: c.readiness.path });
  return { status: response.statusCode, body: response.json() };
}

describe('Redis unreachable (REDIS_URL set, nothing listening)', () => {
  let t: TestApp;
  const log = capturedLog();

  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: UNREACHABLE_REDIS, login }, logger: log.logger });
  });
  afterAll(() => t?.close());

  it('signs in, and the limit still applies, counted in the process', async () => {
    const user = await createUser(t);
    const address = freshAddress();
    expect((await signIn(t.app, user, address)).statusCode).toBe(200);
    for (let i = 1; i < LIMIT; i++) {
      expect((await signIn(t.app, { email: user.email, password: 'not-it' }, address)).statusCode).toBe(400);
    }
    const refused = await signIn(t.app, { email: user.email, password: 'not-it' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another address has a count of its own.
    expect((await signIn(t.app, user, freshAddress())).statusCode).toBe(200);
  });

  it('says so once in the log over many calls, and never as an error', async () => {
    for (let i = 0; i < 40; i++)
      await signIn(t.app, { email: 'x@example.test', password: 'y' }, freshAddress());
    const redisWarnings = log.lines.filter((l) => l.level === 40 && /Redis/.test(l.msg));
    expect(redisWarnings.map((l) => l.msg)).toEqual([expect.stringContaining('Redis is unreachable')]);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('reports Redis down by name and stays ready: the process does without it', async () => {
    expect(await readiness(t.app)).toEqual({
      status: 200,
      body: { status: 'ready', stopping: false, checks: { database: 'ok', redis: 'down' } },
    });
  });
});

describe('Redis unreachable: live check-in', () => {
  let t: TestApp;
  let w: CheckInReadsWorld;
  let stream: EventStream<c.CheckInLiveMessage> | undefined;

  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: UNREACHABLE_REDIS } });
    w = await checkInReadsWorld(t);
  });
  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  it("a screen opens and hears this process's scans", async () => {
    const base = await listenOnLoopback(t);
    stream = await openEventStream<c.CheckInLiveMessage>(
      `${base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId: w.weekend.event.id, occurrenceId: w.date(0) })}`,
      clientHeaders(w.tokens.scanner),
    );
    expect(stream.status).toBe(200);
    expect(await stream.next((m) => m.type === 'counts')).toMatchObject({ counts: { checkedIn: 0 } });
    const seen = stream.messages.length;
    const ada = w.ticket(w.orders.ada);
    await scanAt(t, w.tokens.scanner, {
      eventId: w.weekend.event.id,
      occurrenceId: w.date(0),
      code: ada.code,
    });
    expect(await stream.next((m) => m.type === 'tickets-changed', 5_000, seen)).toMatchObject({
      ticketIds: [ada.id],
    });
    expect(await stream.next((m) => m.type === 'counts', 5_000, seen)).toMatchObject({
      counts: { checkedIn: 1 },
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * A TCP proxy in front of the test's Redis that the test switches: refusing (every connection is
 * dropped at once, as when Redis is down) or forwarding.
 */
async function switchableProxy(target: string) {
  const { hostname, port } = new URL(target);
  let forwarding = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!forwarding) return void client.destroy();
    const upstream = net.connect(Number(port || 6379), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(proxyPort);
  return {
    url: url.toString(),
    forward: () => {
      forwarding = true;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two API processes (two apps on one database) whose Redis is away when they start and comes back:
 * sign-in works meanwhile, and once Redis is back the two count one limit together again.
 */
describe.skipIf(!redisUrl)('Redis away, then back (TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: { app: App; database: Database; mediaDir: string };
  let proxy: Awaited<ReturnType<typeof switchableProxy>>;

  beforeAll(async () => {
    proxy = await switchableProxy(redisUrl ?? '');
    a = await createTestApp({ config: { redisUrl: proxy.url, login } });
    const database = connectDatabase(a.url, { max: 5 });
    const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-media-'));
    const app = await buildApp({
      config: testConfig({ redisUrl: proxy.url, login }),
      db: database.db,
      mediaStorage: localMediaStorage(mediaDir),
      jobs: false,
    });
    await app.ready();
    b = { app, database, mediaDir };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    if (b) await fs.rm(b.mediaDir, { recursive: true, force: true });
    await a?.close();
    await proxy?.close();
  });

  it('signs in while Redis is away; once it is back, the processes share one count', async () => {
    const user = await createUser(a);
    expect((await signIn(a.app, user, freshAddress())).statusCode).toBe(200);
    expect((await signIn(b.app, user, freshAddress())).statusCode).toBe(200);

    proxy.forward();
    for (const app of [a.app, b.app]) {
      await until(async () => (await readiness(app)).body.checks.redis === 'ok');
    }

    const address = freshAddress();
    const wrong = { email: user.email, password: 'not-it' };
    // Two calls through each process: within the limit only if each counted alone.
    for (const app of [a.app, b.app, a.app, b.app])
      expect((await signIn(app, wrong, address)).statusCode).toBe(400);
    expect((await signIn(a.app, wrong, address)).statusCode).toBe(429);
    expect((await signIn(b.app, user, address)).statusCode).toBe(429);
  });
});
