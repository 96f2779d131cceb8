import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The processes a load is measured against: the built server as a user starts it (`node dist/server.js`)
 * and the bare anchor (`anchor-server.mjs`), each its own process, so the load generator (this process)
 * never shares their event loop. Their CPU time is read from /proc.
 */
export interface Measured {
  address: string;
  pid: number;
  stop(): Promise<void>;
}

const serverEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const anchorEntry = fileURLToPath(new URL('./anchor-server.mjs', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * BENCH_CPU_PROF=<folder>: each measured process writes a V8 CPU profile there when it stops (`server-…`,
 * `anchor-…`), to compare where the two spend their time. It costs both some throughput: a diagnostic,
 * not a figure.
 */
function profiled(command: string[], name: string): string[] {
  const folder = process.env.BENCH_CPU_PROF;
  return folder
    ? [
        `--cpu-prof`,
        `--cpu-prof-dir=${folder}`,
        `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`,
        ...command,
      ]
    : command;
}

async function start(command: string[], env: Record<string, string>, healthPath: string): Promise<Measured> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, command, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const address = `http://127.0.0.1:${port}`;
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited early:\n${stderr}`);
    if (Date.now() - began > 120_000) throw new Error(`${command.join(' ')}: no answer within 120 s`);
    const ok = await fetch(`${address}${healthPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    address,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The built server (run `npm run build` first), production mode, on the given database. */
export function startServerUnderTest(databaseUrl: string, poolMax: number): Promise<Measured> {
  return start(
    profiled(['--enable-source-maps', serverEntry], 'server'),
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: String(poolMax),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // The bench signs in once per account from one address; the production limit would refuse it.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      BOOKING_SWEEP_SECONDS: '30',
    },
    '/api/health',
  );
}

/** Bare Fastify 5 + pg running the anchor's statements (anchor-server.mjs), plain node. */
export function startAnchor(
  databaseUrl: string,
  poolMax: number,
  readStatementsFile: string,
): Promise<Measured> {
  return start(
    profiled([anchorEntry], 'anchor'),
    { DATABASE_URL: databaseUrl, DB_POOL_MAX: String(poolMax), READ_STATEMENTS_FILE: readStatementsFile },
    '/health',
  );
}

/** CPU time (user + system, ms) a process has used so far. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
}

/**
 * CPU time (ms) of a PostgreSQL cluster: the postmaster named in its postmaster.pid, the children it has
 * reaped (cutime, cstime: backends that ended count too) and the children alive now.
 */
export async function postgresCpuMs(clusterDir: string): Promise<number> {
  const postmaster = Number((await fs.readFile(`${clusterDir}/postmaster.pid`, 'utf8')).split('\n')[0]);
  const fieldsOf = async (pid: number | string) => {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const ticks = (fields: string[], ...at: number[]) => at.reduce((sum, i) => sum + Number(fields[i]), 0);
  const own = await fieldsOf(postmaster);
  if (!own) throw new Error('the PostgreSQL postmaster is gone');
  // utime, stime, cutime, cstime: fields 14–17 of /proc/<pid>/stat, here from index 11.
  let total = ticks(own, 11, 12, 13, 14);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await fieldsOf(entry);
    if (fields && Number(fields[1]) === postmaster) total += ticks(fields, 11, 12);
  }
  return (total / 100) * 1000;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
