import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
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
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });

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
});
