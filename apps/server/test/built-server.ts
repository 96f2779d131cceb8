import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: where `dist/server.js` (what `npm start` runs) is built. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface BuiltServer {
  base: string;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The built server in a process of its own on `databaseUrl`, on a free port, once it answers
 * /api/health: production mode, no demo data, warnings only, no drain on SIGTERM. The runner's REDIS_URL is not passed on
 * (the caller decides through `env`), nor is anything else `env` overrides.
 */
export async function startBuiltServer(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  waitMs = 30_000,
): Promise<BuiltServer> {
  if (!fs.existsSync(path.join(serverDir, 'dist/server.js'))) {
    throw new Error('the built server is missing: run `npm run build` first');
  }
  const port = await freePort();
  const { REDIS_URL: _runnersRedis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // No load balancer to drain for: stop at once (the shutdown's own test sets a drain).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${waitMs / 1000} s:\n${output}`);
}

/** SIGTERM (it drains its requests), SIGKILL after 10 s. */
export async function stopBuiltServer(server: BuiltServer | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}
