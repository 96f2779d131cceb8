import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real server (built console, fresh embedded database, demo data) in its own process: the one all
 * journeys share (global-setup.ts), and extra ones for journeys that need configuration the shared
 * one does not have, such as a social login provider.
 */
export async function startMarqueeServer(port: number, env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-e2e-'));
  await fs.chmod(dataDir, 0o755);
  let output = '';
  // What `npm start` runs: the bundle (`npm run test:e2e` builds it with the console).
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Its own port: servers of parallel lanes start at the same moment and would race for the default.
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: 'true',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // The journeys sign in many times from one address.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // No load balancer to drain for: stop at once.
      SHUTDOWN_DRAIN_MS: '0',
      // Links the server builds (emails, payout onboarding's return) must come back to the origin the
      // browser signed in on, or its session (kept per origin) is not there.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      // unref: a server that exits at once must not leave a 15 s timer holding the test runner open.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within 90 s:\n${output}`);
}
