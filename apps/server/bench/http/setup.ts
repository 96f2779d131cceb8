import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded.js';

/**
 * The database of the HTTP parts: a fresh embedded PostgreSQL (the engine `npm start` runs) with
 * pg_stat_statements loaded, and a role of its own for the process under test, so the statements it
 * sends are counted apart from the bench's own preparation and checks.
 */
export interface BenchCluster {
  embedded: EmbeddedDatabase;
  /** The bench's own connection (preparation, counts, pg_stat_statements). */
  admin: pg.Pool;
  /** The URL the server under test and the anchor connect with (role `role`). */
  appUrl: string;
  role: string;
  dataDir: string;
}

export async function startBenchCluster(): Promise<BenchCluster> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-bench-'));
  await fs.chmod(dataDir, 0o755);
  let embedded = await startEmbeddedPostgres({ dataDir, preferredPort: 0 });
  const first = new pg.Client({ connectionString: embedded.url });
  await first.connect();
  await first.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  // BENCH_TOP_STATEMENTS (measure.ts) names the statements inside functions too (the door's checkin_scan).
  if (process.env.BENCH_TOP_STATEMENTS)
    await first.query(`alter system set pg_stat_statements.track = 'all'`);
  await first.end();
  // shared_preload_libraries takes effect at a start only.
  await embedded.stop();
  embedded = await startEmbeddedPostgres({ dataDir, preferredPort: 0 });
  const admin = new pg.Pool({ connectionString: embedded.url, max: 4 });
  await admin.query('create extension if not exists pg_stat_statements');
  const role = 'bench_app';
  const password = randomBytes(18).toString('base64url');
  await admin.query(`create role ${role} login superuser password '${password}'`);
  const appUrl = new URL(embedded.url);
  appUrl.username = role;
  appUrl.password = password;
  return { embedded, admin, appUrl: appUrl.toString(), role, dataDir };
}

export async function stopBenchCluster(cluster: BenchCluster) {
  await cluster.admin.end();
  await cluster.embedded.stop();
  await fs.rm(cluster.dataDir, { recursive: true, force: true });
}
