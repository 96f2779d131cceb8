#!/usr/bin/env node
// Measures how long the server takes to start (wall time, and the CPU time it spent, which a busy
// machine disturbs less): from spawning the process to its "Marquee is up"
// line, and to the first /api/health that answers 200. Runs against one embedded data folder, warmed
// by a first start that is not counted (initdb and the demo seed happen once).
//
//   node scripts/measure-start.mjs [runs] -- <command…>
//   node scripts/measure-start.mjs 3 -- node apps/server/dist/server.js
//   node scripts/measure-start.mjs 3 -- node --import tsx apps/server/src/server.ts
//   node scripts/measure-start.mjs 3 -- npm start
//
// PORT and DATA_DIR are honoured: PORT fixes the port (a free one is picked otherwise), and DATA_DIR
// names the data folder to start on, which is then kept (a fresh temporary one is made and removed
// otherwise). Prints each run, then min / median / max with the machine's load average.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const separator = process.argv.indexOf('--');
const runs = Number(process.argv[2] && separator !== 2 ? process.argv[2] : 3);
const command = process.argv.slice(separator + 1);
if (separator < 0 || command.length === 0) {
  console.error('usage: node scripts/measure-start.mjs [runs] -- <command…>');
  process.exit(2);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system) the process used so far: steadier than wall time on a busy machine. */
async function cpuSeconds(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startOnce(dataDir) {
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  const began = performance.now();
  const child = spawn(command[0], command.slice(1), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a command that starts the server through npm is stopped whole.
    detached: true,
  });
  let output = '';
  let upAt;
  const onData = (chunk) => {
    output += chunk;
    if (upAt === undefined && output.includes('Marquee is up')) upAt = performance.now() - began;
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let healthAt;
  let cpu;
  while (healthAt === undefined) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (performance.now() - began > 120_000) throw new Error(`no answer within 120 s:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      healthAt = performance.now() - began;
      cpu = await cpuSeconds(child.pid);
    } else await new Promise((r) => setTimeout(r, 20));
  }
  process.kill(-child.pid, 'SIGTERM');
  // Until every process of the group has gone (the server releases the data folder's lock on exit).
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { upAt, healthAt, cpu };
}

const ownDataDir = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR
  ? path.resolve(process.env.DATA_DIR)
  : await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-measure-'));
if (ownDataDir) await fs.chmod(dataDir, 0o755);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) =>
  `${(Math.min(...values) / 1000).toFixed(2)} / ${(median(values) / 1000).toFixed(2)} / ${(Math.max(...values) / 1000).toFixed(2)} s`;
try {
  await startOnce(dataDir);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await startOnce(dataDir));
  for (const [i, r] of results.entries())
    console.log(
      `run ${i + 1}: up ${(r.upAt / 1000).toFixed(2)} s, /api/health ${(r.healthAt / 1000).toFixed(2)} s, CPU ${r.cpu?.toFixed(2) ?? '?'} s`,
    );
  console.log(
    `first /api/health 200, min / median / max of ${runs}: ${spread(results.map((r) => r.healthAt))}; load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; data folder ${dataDir}`,
  );
} finally {
  if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
