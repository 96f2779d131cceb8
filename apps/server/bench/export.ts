import fs from 'node:fs';
import os from 'node:os';
import * as c from '@marquee/contract';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { connectDatabase } from '../src/db/client.js';
import { DEMO_ACCOUNTS } from '../src/db/seed.js';
import type { Actor } from '../src/lib/access/actor.js';
import { EXPORT_BATCH_ROWS } from '../src/lib/export/cursor.js';
import { exportStatements } from '../src/modules/orders/export/export.query.js';
import { startBuiltServer, stopBuiltServer } from '../test/built-server.js';
import { clientHeaders } from '../test/client-headers.js';
import type { BenchLine } from './lists.js';

/** Peak and current resident memory of a process, in MB (Linux /proc; VmHWM is the high-water mark). */
function memoryOf(pid: number): { peakMb: number; nowMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

/** Downloads one export to nowhere; the server's VmHWM afterwards is its peak over the download. */
async function download(base: string, token: string, pid: number, format: 'csv' | 'xlsx') {
  const started = performance.now();
  const response = await fetch(`${base}${c.EXPORT_PATH}?kind=orders&format=${format}`, {
    headers: clientHeaders(token),
  });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  const rows = Number(response.headers.get('x-total-rows'));
  let bytes = 0;
  const curve: number[] = [];
  const sampler = setInterval(() => curve.push(Math.round(memoryOf(pid).nowMb)), 2000);
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(sampler);
  if (process.env.BENCH_EXPORT_CURVE)
    console.log(`export ${format}: resident MB every 2 s: ${curve.join(' ')}`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rows, mb: bytes / 1024 / 1024, memory: memoryOf(pid) };
}

/**
 * Exports at scale (BENCH_ONLY=export, on BENCH_DATABASE_URL): every order of the platform as the
 * administrator, streamed from the built server started in its own process, timed to the last byte,
 * with the process's peak resident memory (VmHWM). The raw figure is the same SELECT streamed through a
 * plain `pg` client with the same batch size, rows counted and dropped.
 */
export async function benchExport(url: string): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const formats = (process.env.BENCH_EXPORT_FORMATS ?? 'csv').split(',') as ('csv' | 'xlsx')[];
  // Its own process, so its memory is its own; no Redis; up to a minute for a large database's start.
  const server = await startBuiltServer(url, {}, 60_000);
  try {
    const admin = DEMO_ACCOUNTS[0];
    const login = await fetch(`${server.base}${c.login.path}`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
    const idle = memoryOf(server.child.pid as number);
    console.log(`export: server started, ${idle.nowMb.toFixed(0)} MB resident`);

    // At least three rounds, the anchor (the same SELECT streamed raw) right before each download, so both
    // see the same machine; every figure is min / median / max with the load average beside it.
    const runs = Math.max(3, Number(process.env.BENCH_EXPORT_RUNS ?? 3));
    for (const format of formats) {
      const raws: number[] = [];
      const times: number[] = [];
      const peaks: number[] = [];
      let rows = 0;
      let mb = 0;
      for (let round = 1; round <= runs; round += 1) {
        const raw = await rawStream(url);
        raws.push(raw.seconds);
        const run = await download(server.base, token, server.child.pid as number, format);
        times.push(run.seconds);
        peaks.push(run.memory.peakMb);
        rows = run.rows;
        mb = run.mb;
        console.log(
          `export ${format} round ${round}/${runs}: raw SELECT ${raw.rows} rows in ${raw.seconds.toFixed(1)} s; export ${run.rows} orders, ${run.mb.toFixed(0)} MB in ${run.seconds.toFixed(1)} s, server peak RSS ${run.memory.peakMb.toFixed(0)} MB; load ${loadAverage()}`,
        );
      }
      lines.push({
        figure: `export of all ${rows} orders (${format}, ${mb.toFixed(0)} MB), ${runs} runs: time min/median/max; server peak RSS; load ${loadAverage()}`,
        measured: `${spread(times)} s; ${Math.max(...peaks).toFixed(0)} MB`,
        raw: `${spread(raws)} s (same SELECT streamed)`,
        ratio: `${(median(times) / median(raws)).toFixed(2)}× (medians)`,
      });
    }
  } finally {
    await stopBuiltServer(server);
  }
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(1)} / ${median(values).toFixed(1)} / ${Math.max(...values).toFixed(1)}`;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The export's own SELECT (as the administrator sees it), streamed through a plain client. */
async function rawStream(url: string) {
  const database = connectDatabase(url, { max: 1 });
  const adminRow = await database.pool.query<{ id: string; role: string }>(
    `select * from users where email = $1`,
    [DEMO_ACCOUNTS[0].email],
  );
  const actor = { user: adminRow.rows[0] } as unknown as Actor;
  const query = c.ExportQuery.parse({ kind: 'orders', format: 'csv' });
  const { count, select } = exportStatements(database.db, actor, query, 'UTC');
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin isolation level repeatable read read only');
    await client.query(count.sql, count.params);
    const stream = client.query(
      new QueryStream(select.sql, select.params, { batchSize: EXPORT_BATCH_ROWS, rowMode: 'array' }),
    );
    let rows = 0;
    for await (const _row of stream) rows += 1;
    await client.query('commit');
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
