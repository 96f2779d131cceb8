import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed.js';
import { clientHeaders } from '../test/client-headers.js';
import { benchCheckout } from './checkout.js';
import { benchDashboard } from './dashboard.js';
import { benchLcp } from './lcp.js';
import { benchScan } from './scan.js';

/**
 * `npm run bench`: the real server on a fresh embedded PostgreSQL, loaded over loopback with
 * autocannon. Bounded: each scenario runs for BENCH_SECONDS (default 10).
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
  console.log(
    `${title.padEnd(34)} ${(result.requests.total / seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(times, 50)} ms   p95 ${percentile(times, 95)} ms   p99 ${percentile(times, 99)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`,
  );
}

console.log(`Marquee bench: ${seconds}s per scenario, ${connections} connections, ${os.cpus().length} cores`);
// BENCH_ONLY=scan (or checkout, http, dashboard, lcp) runs one part.
const only = process.env.BENCH_ONLY;
if (!only || only === 'http') {
  await scenario('POST /api/v1/user/login', {
    url: `${address}/api/v1/user/login`,
    method: 'POST',
    headers,
    body: loginBody,
  });
  await scenario('GET /api/v1/user/get-user-detail', {
    url: `${address}/api/v1/user/get-user-detail`,
    headers: clientHeaders(token),
  });
}
if (!only || only === 'checkout')
  await benchCheckout({ address, db: database.db, seconds, workers: connections });
if (!only || only === 'scan')
  await benchScan({ address, app, db: database.db, token, seconds, workers: connections });
if (!only || only === 'lcp') await benchLcp({ db: database.db });
if (!only || only === 'dashboard') await benchDashboard({ address, db: database.db });

await app.close();
await database.close();
await embedded.stop();
await fs.rm(dataDir, { recursive: true, force: true });
