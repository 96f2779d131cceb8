import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { health, readiness } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, serverDir, startBuiltServer, stopBuiltServer } from './built-server.js';
import { httpCall } from './concurrency.js';
import { freshDatabase } from './helpers.js';

/**
 * SIGTERM to the built server (`dist/server.js`, what `npm start` runs) in its own process, as a load
 * balancer's orchestrator sends it: readiness turns 503 at once, requests on fresh connections are
 * still answered during the drain (none reset), an idle keep-alive connection is closed by the server,
 * the process exits 0, and then the port refuses.
 */
const DRAIN_MS = 5_000;

/** A keep-alive HTTP/1.1 connection of the test's own, read by hand. */
async function keepAliveConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    closed,
    /** One GET; resolves with the head of the answer once its whole body is in. */
    ask(path: string) {
      return new Promise<string>((resolve, reject) => {
        let text = '';
        const onData = (chunk: Buffer) => {
          text += chunk.toString('latin1');
          const end = text.indexOf('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
          if (end >= 0 && text.length >= end + 4 + length) {
            socket.off('data', onData);
            resolve(text.slice(0, end));
          }
        };
        socket.on('data', onData);
        socket.once('close', () => reject(new Error(`closed before an answer: ${text}`)));
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      });
    },
  };
}

describe('stopping behind a load balancer', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: BuiltServer | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    database = await freshDatabase();
  });
  afterAll(async () => {
    await stopBuiltServer(server);
    await database?.drop();
  });

  it('drains on SIGTERM: readiness 503 at once, every request answered, then the port refuses', async () => {
    server = await startBuiltServer(database.url, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info' });
    const base = server.base;
    const port = Number(new URL(base).port);
    expect((await httpCall(base, { method: 'GET', path: readiness.path })).body).toEqual({
      status: 'ready',
      stopping: false,
      checks: { database: 'ok' },
    });
    const idle = await keepAliveConnection(port);
    const used = await keepAliveConnection(port);
    expect(await idle.ask(health.path)).toMatch(/^HTTP\/1.1 200/);
    expect(await used.ask(health.path)).toMatch(/^HTTP\/1.1 200/);

    const exited = new Promise<number | null>((resolve) => server?.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    // The signal is handled once readiness says so (each ask on a fresh connection).
    for (;;) {
      const answer = await httpCall(base, { method: 'GET', path: readiness.path });
      expect(answer.error).toBeUndefined();
      if (answer.status === 503) {
        expect(answer.body).toEqual({ status: 'not_ready', stopping: true, checks: { database: 'ok' } });
        break;
      }
    }

    // Twelve requests that have just connected, as the balancer sends until its next check.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        httpCall(base, { method: 'GET', path: i % 2 ? readiness.path : health.path }),
      ),
    );
    expect(answers.map((a) => a.error ?? a.status)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? 503 : 200)),
    );
    // A keep-alive client is answered too, and told to let go of the connection.
    const head = await used.ask(health.path);
    expect(head).toMatch(/^HTTP\/1.1 200/);
    expect(head).toMatch(/\r\nconnection: close/i);

    expect(await exited).toBe(0);
    // The idle keep-alive connection was closed by the server, not left for the client to find broken.
    await idle.closed;
    const refused = await httpCall(base, { method: 'GET', path: health.path });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    expect(server.output()).toContain('SIGTERM received: shutting down');
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});
