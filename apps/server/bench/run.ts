import os from 'node:os';
import pg from 'pg';
import { connectDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedDemoData } from '../src/db/seed.js';
import { generateScale, isScaleName, SCALE_PASSWORD, SCALES } from '../src/db/seed-scale.js';
import { hashPassword } from '../src/lib/passwords.js';
import { benchCheckout } from './checkout.js';
import { benchDashboard } from './dashboard.js';
import { benchExport } from './export.js';
import { loadAverage, type Measured, startAnchor, startServerUnderTest } from './http/processes.js';
import { benchReads, readStatementsFile, recordReadStatements } from './http/reads.js';
import { type BenchCluster, startBenchCluster, stopBenchCluster } from './http/setup.js';
import { benchLighthouse } from './lighthouse.js';
import { type BenchLine, benchLists } from './lists.js';
import { benchScan } from './scan.js';
import { benchStart } from './start.js';

/**
 * `npm run bench` (after `npm run build`): every figure next to an anchor doing the same work in the same
 * run. The HTTP parts load the built server (`node dist/server.js`, production mode, its own process)
 * and a bare Fastify + pg process (http/anchor-server.mjs) from this process with autocannon, one after
 * the other, BENCH_RUNS (3) times, and print min / median / max with the load average; the Node CPU
 * per request comes from /proc, the statements from pg_stat_statements. The database is a fresh
 * embedded PostgreSQL. The lists (with the dashboards at scale) and the export read BENCH_DATABASE_URL
 * (a database filled by `npm run seed -- --scale medium|large`), or else generate BENCH_SCALE (default
 * tiny) into the bench's own database.
 * BENCH_ONLY=http|checkout|scan|start|lighthouse|dashboard|lists|export (comma-separated) runs some parts.
 * BENCH_TOP_STATEMENTS=N prints, after each HTTP run, the N statements that took the most time in it
 * (those inside functions too: a diagnostic, which adds pg_stat_statements' own cost to the figures).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The server's pool as a user runs it (DB_POOL_MAX default); the anchor gets as many connections. */
const poolMax = Number(process.env.BENCH_POOL_MAX ?? 10);
const only = process.env.BENCH_ONLY?.split(',');
const wants = (part: string) => !only || only.includes(part);

console.log(
  `Marquee bench: ${seconds} s per run, ${runs} runs, ${connections} connections, ${os.cpus().length} cores, load ${loadAverage()}`,
);
const cluster: BenchCluster = await startBenchCluster();
const database = connectDatabase(cluster.embedded.url, 10, () => {});
await runMigrations(database.db);
await seedDemoData(database.db);
const table: BenchLine[] = [];
let server: Measured | undefined;
let anchor: Measured | undefined;
try {
  const statementsFile = readStatementsFile(cluster.dataDir);
  const recorded = await recordReadStatements(cluster, statementsFile);
  if (['http', 'checkout', 'scan', 'dashboard'].some(wants)) {
    server = await startServerUnderTest(cluster.appUrl, poolMax);
    anchor = await startAnchor(cluster.appUrl, poolMax, statementsFile);
  }
  const http = { cluster, db: database.db, seconds, connections, runs };
  if (server && anchor) {
    if (wants('http')) table.push(...(await benchReads({ ...http, server, anchor, recorded })));
    if (wants('scan')) table.push(...(await benchScan({ ...http, server, anchor })));
    if (wants('dashboard'))
      table.push(...(await benchDashboard({ address: server.address, db: database.db })));
    // Last of the parts on this server: its bookings leave thousands of confirmations for the delivery
    // worker in the same process (~25 ms of CPU each), which would be counted in any part run after it.
    if (wants('checkout')) table.push(...(await benchCheckout({ ...http, server, anchor })));
  }
  await server?.stop();
  await anchor?.stop();
  server = anchor = undefined;
  if (wants('start')) table.push(...(await benchStart({ databaseUrl: cluster.appUrl, runs })));
  if (wants('lighthouse')) table.push(...(await benchLighthouse({ db: database.db })));
  /** The platform at scale the lists and the export read: BENCH_DATABASE_URL, or BENCH_SCALE generated here once. */
  let scaleUrl: string | undefined = process.env.BENCH_DATABASE_URL;
  const scaleDatabase = async (): Promise<string> => {
    if (scaleUrl) return scaleUrl;
    const scale = process.env.BENCH_SCALE ?? 'tiny';
    if (!isScaleName(scale)) throw new Error(`BENCH_SCALE takes ${Object.keys(SCALES).join(', ')}`);
    const client = new pg.Client({ connectionString: cluster.embedded.url });
    await client.connect();
    const { ms } = await generateScale(client, SCALES[scale], await hashPassword(SCALE_PASSWORD));
    await client.end();
    console.log(`Scale "${scale}" generated in ${(ms / 1000).toFixed(1)} s for the lists and the export`);
    scaleUrl = cluster.embedded.url;
    return scaleUrl;
  };
  if (wants('lists')) table.push(...(await benchLists(await scaleDatabase())));
  if (wants('export')) table.push(...(await benchExport(await scaleDatabase())));
} finally {
  await server?.stop();
  await anchor?.stop();
  await database.close();
  await stopBenchCluster(cluster);
}
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...table.map((l) => [l.figure, l.measured, l.raw, l.ratio][i]?.length ?? 0), 8),
);
const row = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\n${row(['Figure', 'Measured', 'Anchor (same run)', 'Ratio'])}`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const line of table) console.log(row([line.figure, line.measured, line.raw, line.ratio]));
console.log(`load at the end: ${loadAverage()}`);
