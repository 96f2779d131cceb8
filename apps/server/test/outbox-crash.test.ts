import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createBooking } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { outgoingMessages } from '../src/db/schema/index.js';
import { freePort, serverDir } from './built-server.js';
import { guest, sellableEvent } from './checkout-fixtures.js';
import { clientHeaders } from './client-headers.js';
import { freshDatabase, type TestApp } from './helpers.js';
import { startSmtpServer } from './message-servers.js';

/**
 * "Nothing lost": a real server process confirms a free order while the mail server is down and is
 * killed (SIGKILL) before the email could go out; a new process started with the mail server back
 * sends it, exactly once.
 */

// Its own bundle (as `npm start` runs), beside dist/server.js so that server-start.test.ts is not raced.
const bundleDir = path.join(serverDir, 'dist', `outbox-crash-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  await build({
    entryPoints: [path.join(serverDir, 'src/server.ts')],
    outfile: path.join(bundleDir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node_modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}, 60_000);

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(bundleDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  await waitFor(
    () => output.includes('Marquee is up'),
    30_000,
    () => `the server to start: ${output}`,
  );
  return { child, exited, base: `http://127.0.0.1:${port}`, output: () => output };
}

async function waitFor<T>(check: () => Promise<T | false> | T | false, ms: number, what: () => string) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('outgoing messages survive a killed server', () => {
  it('SIGKILL with the confirmation unsent (mail server down), start again with it up: the email arrives once', async () => {
    const database = await freshDatabase();
    const { db } = database;
    const smtp = await startSmtpServer();
    try {
      const maker = await buildApp({ config: testConfig(), db, jobs: false });
      await maker.ready();
      const { event, ticketTypes } = await sellableEvent({ app: maker, db } as unknown as TestApp, {
        types: [{ pricing: 'FREE', seats: 10 }],
      });
      await maker.close();

      const env = {
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Marquee <no-reply@marquee.test>',
      };
      smtp.state.down = true;
      const first = await start(env);
      const answer = await fetch(`${first.base}${createBooking.path}`, {
        method: 'POST',
        headers: { ...clientHeaders(), 'content-type': 'application/json', 'idempotency-key': 'crash-1' },
        body: JSON.stringify({
          eventId: event.id,
          lines: [{ ticketTypeId: ticketTypes[0]?.id, quantity: 2 }],
          buyer: guest,
        }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const order = ((await answer.json()) as { result: { _id: string; code: string; status: string } })
        .result;
      expect(order.status).toBe('CONFIRMED');
      const messageRow = async () =>
        (await db.select().from(outgoingMessages).where(eq(outgoingMessages.orderId, order._id)))[0];
      // The first server tried and the mail server refused: the message waits for its next attempt.
      await waitFor(
        async () => Boolean((await messageRow())?.lastError),
        20_000,
        () => `a failed first attempt: ${first.output().slice(-2000)}`,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(smtp.received).toHaveLength(0);
      expect(await messageRow()).toMatchObject({ status: 'PENDING' });

      smtp.state.down = false;
      const second = await start(env);
      // Its next attempt is 30 s after the failure; the new process's delivery loop takes it then.
      await waitFor(
        async () => (await messageRow())?.status === 'SENT',
        90_000,
        () => `the email after the restart: ${second.output().slice(-2000)}`,
      );
      const about = smtp.received.filter((mail) => mail.raw.includes(order.code));
      expect(about).toHaveLength(1);
      expect(about[0]?.to).toEqual([guest.email]);
      // The log names the order and a masked recipient, never the address.
      expect(second.output()).toContain(order.code);
      expect(second.output()).not.toContain(guest.email);
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      await smtp.close();
      await database.drop();
    }
  }, 180_000);
});
