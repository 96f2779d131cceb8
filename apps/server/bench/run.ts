import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed.js';
import { generateScale, isScaleName, SCALE_PASSWORD, SCALES } from '../src/db/seed-scale.js';
import { hashPassword } from '../src/lib/passwords.js';
import { clientHeaders } from '../test/client-headers.js';
import { benchCheckout } from './checkout.js';
import { benchDashboard } from './dashboard.js';
import { benchExport } from './export.js';
import { benchLighthouse } from './lighthouse.js';
import { type BenchLine, benchLists } from './lists.js';
import { benchScan } from './scan.js';

/**
 * `npm run bench`: the real server on a fresh embedded PostgreSQL, loaded over loopback with
 * autocannon. Bounded: each scenario runs for BENCH_SECONDS (default 10). Every part adds lines to one
 * table printed at the end: the measured figure, the raw PostgreSQL figure of the same run, their ratio.
 * The lists (with the dashboards at scale) and the export read BENCH_DATABASE_URL (a database filled by
 * `npm run seed -- --scale medium|large`), or else generate BENCH_SCALE (default tiny) into the bench's
 * own database. The export and the console's part (lighthouse: the login route on the wire, Lighthouse mobile cold)
 * need the built app (`npm run build`).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-bench-'));
await fs.chmod(dataDir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir, preferredPort: 0 });
const database = connectDatabase(embedded.url, 20, () => {});
await runMigrations(database.db);
await seedDemoData(database.db);
const config = testConfig({ login: { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 1_000_000 } });
const app = await buildApp({ config, db: database.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const admin = DEMO_ACCOUNTS[0];
const headers = { ...clientHeaders(), 'content-type': 'application/json' };
const loginBody = JSON.stringify({ email: admin.email, password: admin.password });
const login = await fetch(`${address}/api/v1/user/login`, { method: 'POST', headers, body: loginBody });
const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;

function percentile(sorted: number[], p: number): string {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return value.toFixed(1);
}

const table: BenchLine[] = [];

/** The raw rate to compare an authenticated read with: the same connections running the user's row SELECT. */
async function rawReadRate(userId: string) {
  const pool = new pg.Pool({ connectionString: embedded.url, max: connections });
  let queries = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        await pool.query('select * from users where id = $1', [userId]);
        queries += 1;
      }
    }),
  );
  await pool.end();
  return queries / seconds;
}

async function scenario(title: string, options: autocannon.Options) {
  // autocannon's summary has no p95, so every response time is kept and the percentiles computed here.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ duration: seconds, connections, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const perSecond = result.requests.total / seconds;
  console.log(
    `${title.padEnd(34)} ${(result.requests.total / seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(times, 50)} ms   p95 ${percentile(times, 95)} ms   p99 ${percentile(times, 99)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
  return perSecond;
}

console.log(`Marquee bench: ${seconds}s per scenario, ${connections} connections, ${os.cpus().length} cores`);
// BENCH_ONLY=scan (or checkout, http, dashboard, lighthouse, lists, export) runs one part.
const only = process.env.BENCH_ONLY;
if (!only || only === 'http') {
  await scenario('POST /api/v1/user/login', {
    url: `${address}/api/v1/user/login`,
    method: 'POST',
    headers,
    body: loginBody,
  });
  const reads = await scenario('GET /api/v1/user/get-user-detail', {
    url: `${address}/api/v1/user/get-user-detail`,
    headers: clientHeaders(token),
  });
  const me = await database.pool.query('select id from users where email = $1', [admin.email]);
  const raw = await rawReadRate(me.rows[0].id);
  table.push({
    figure: 'HTTP authenticated read get-user-detail (req/s)',
    measured: reads.toFixed(0),
    raw: `${raw.toFixed(0)} row SELECTs/s`,
    ratio: (reads / raw).toFixed(3),
  });
}
if (!only || only === 'checkout')
  table.push(...(await benchCheckout({ address, db: database.db, seconds, workers: connections })));
if (!only || only === 'scan')
  table.push(...(await benchScan({ address, app, db: database.db, token, seconds, workers: connections })));
if (!only || only === 'lighthouse') table.push(...(await benchLighthouse({ db: database.db })));
if (!only || only === 'dashboard') table.push(...(await benchDashboard({ address, db: database.db })));
/** The platform at scale the lists and the export read: BENCH_DATABASE_URL, or BENCH_SCALE generated here once. */
let scaleUrl: string | undefined = process.env.BENCH_DATABASE_URL;
async function scaleDatabase(): Promise<string> {
  if (scaleUrl) return scaleUrl;
  const scale = process.env.BENCH_SCALE ?? 'tiny';
  if (!isScaleName(scale)) throw new Error(`BENCH_SCALE takes ${Object.keys(SCALES).join(', ')}`);
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  const { ms } = await generateScale(client, SCALES[scale], await hashPassword(SCALE_PASSWORD));
  await client.end();
  console.log(`Scale "${scale}" generated in ${(ms / 1000).toFixed(1)} s for the lists and the export`);
  scaleUrl = embedded.url;
  return scaleUrl;
}
if (!only || only === 'lists') table.push(...(await benchLists(await scaleDatabase())));
if (!only || only === 'export') table.push(...(await benchExport(await scaleDatabase())));
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...table.map((l) => [l.figure, l.measured, l.raw, l.ratio][i]?.length ?? 0), 8),
);
const row = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\n${row(['Figure', 'Measured', 'Raw PostgreSQL', 'Ratio'])}`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const line of table) console.log(row([line.figure, line.measured, line.raw, line.ratio]));

await app.close();
await database.close();
await embedded.stop();
await fs.rm(dataDir, { recursive: true, force: true });
