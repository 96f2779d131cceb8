import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { login, timeZoneForLocation } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders } from './client-headers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// What `npm start` runs: the bundle, built once here (esbuild takes about a second).
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
}, 60_000);

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: serverDir,
    // No load balancer to drain for: SIGTERM stops at once.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in as the demo organizer and asks the bundle for the zone of a point. */
async function zoneFromBundle(port: number, latitude: number, longitude: number) {
  const base = `http://127.0.0.1:${port}`;
  const signedIn = await fetch(`${base}${login.path}`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'organizer@example.com', password: 'Organizer#12345' }),
  });
  const { result } = (await signedIn.json()) as { result: { accessToken: string } };
  const zone = await fetch(`${base}${timeZoneForLocation.path}?latitude=${latitude}&longitude=${longitude}`, {
    headers: clientHeaders(result.accessToken),
  });
  return ((await zone.json()) as { result?: { timeZone: string } }).result?.timeZone;
}

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('server start', () => {
  it('refuses a bad variable with a message naming it', async () => {
    const server = start({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="abc": must be a number');
  });

  it('serves on the embedded database, refuses a second server on the same data folder, and stops cleanly', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-start-'));
    await fs.chmod(dataDir, 0o755);
    try {
      const port = await freePort();
      const first = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      running.push(first.child);
      await waitFor(() => first.output().includes('Marquee is up'), 60_000);
      expect(first.output()).toContain('admin@example.com');
      // The first start seeds the demo in transactions, one query at a time on each: pg warns of a query
      // sent while another runs (an error in pg 9), and prints nothing else it deprecates, nor does Node.
      expect(first.output()).not.toMatch(/pg@9|deprecat/i);
      // A production start on the development stand-ins says so, with what to set (start-warnings.ts).
      expect(first.output()).toContain('Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      expect(first.output()).toContain('Set CLIENT_ID, CLIENT_SECRET and SECRET_KEY');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      // The bundle keeps node_modules as imports: the offline zone lookup (its data inside the
      // package) must load from the bundle as it does under the test runner.
      expect(await zoneFromBundle(port, 40.7128, -74.006)).toBe('America/New_York');

      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Marquee server`);
      // The first one is untouched by the attempt.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // Its embedded PostgreSQL stopped with it: the cluster's pid file is gone.
      await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('starts as root from a data folder closed to others (mode 700), or says at once what to do', async () => {
    const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-closed-'));
    await fs.chmod(closed, 0o700);
    const dataDir = path.join(closed, 'data');
    let clusterDir: string | undefined;
    try {
      const port = await freePort();
      const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      running.push(server.child);
      await waitFor(
        () => server.output().includes('Marquee is up') || server.child.exitCode !== null,
        60_000,
      );
      expect(server.output()).not.toContain('EACCES');
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok' });
      clusterDir = JSON.parse(
        server
          .output()
          .split('\n')
          .find((l) => l.includes('Marquee is up')) ?? '{}',
      ).clusterDir;
      expect(clusterDir).toBeTruthy();
      if (process.getuid?.() === 0) expect(clusterDir?.startsWith(closed)).toBe(false);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await fs.rm(closed, { recursive: true, force: true });
      // Relocated out of the closed folder (as root): the test's cluster goes too.
      if (clusterDir && !clusterDir.startsWith(closed))
        await fs.rm(clusterDir, { recursive: true, force: true });
    }
  }, 120_000);
});
