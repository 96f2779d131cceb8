import autocannon from 'autocannon';
import type pg from 'pg';
import { cpuMs, loadAverage, type Measured, postgresCpuMs } from './processes.js';

/** One measured run: what got done per second, and what each unit of it cost. */
export interface Run {
  perSecond: number;
  /** Node CPU of the process under load, ms per unit done. */
  nodeCpuMs: number;
  /** PostgreSQL CPU (the whole cluster), ms per unit done. */
  pgCpuMs: number;
  /** Statements the process sent per unit done (pg_stat_statements, its role only). */
  statements: number;
  load: string;
  non2xx: number;
  /** Answer times of the run, ms (autocannon's). */
  latencyP50: number;
  latencyP99: number;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

export function fmt(s: Spread, digits = 0): string {
  return `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`;
}

/** What every measured run of one part shares: where to read CPU and statements, and the load's shape. */
export function runSettings(
  cluster: { embedded: { clusterDir: string }; admin: pg.Pool; role: string },
  seconds: number,
  connections: number,
) {
  return {
    clusterDir: cluster.embedded.clusterDir,
    admin: cluster.admin,
    role: cluster.role,
    seconds,
    connections,
  };
}

/**
 * BENCH_TOP_STATEMENTS=N: after each run, the N statements of the process under test that took the most
 * time in it, statements run inside functions included (pg_stat_statements.track = all, set by setup.ts),
 * and the counters reset. A diagnostic: tracking the statements inside functions costs PostgreSQL time,
 * which the runs' figures then include.
 */
const TOP_STATEMENTS = Number(process.env.BENCH_TOP_STATEMENTS ?? 0);

async function printTopStatements(admin: pg.Pool, role: string, address: string) {
  const { rows } = await admin.query<{ calls: string; ms: string; query: string }>(
    `select calls, round(total_exec_time::numeric, 1) as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
     from pg_stat_statements where userid = $1::regrole order by total_exec_time desc limit $2`,
    [role, TOP_STATEMENTS],
  );
  console.log(`  statements of ${address} in the run (calls, ms in all):`);
  for (const row of rows) console.log(`    ${row.calls.padStart(8)} ${row.ms.padStart(10)}  ${row.query}`);
  await admin.query('select pg_stat_statements_reset()');
}

/**
 * Statements the process sent, counted by pg_stat_statements for one role (the process under test
 * connects as it): top-level only, so the statements run inside a function are not counted again.
 */
export async function statementsOf(admin: pg.Pool, role: string): Promise<number> {
  const { rows } = await admin.query<{ calls: string }>(
    'select coalesce(sum(calls), 0)::bigint as calls from pg_stat_statements where userid = $1::regrole and toplevel',
    [role],
  );
  return Number(rows[0]?.calls ?? 0);
}

/**
 * Loads `target` with autocannon from this process for `seconds`, `requests` built per call by
 * `setupRequest`, then asks `counted()` how many units really got done (read from the database, not
 * from the answers counted in time), after the requests still in flight have landed.
 */
export async function measureRun(options: {
  target: Measured;
  clusterDir: string;
  admin: pg.Pool;
  role: string;
  seconds: number;
  connections: number;
  request: autocannon.Request;
  /** Units really done so far, read from the database; unset: the 2xx answers count. */
  counted?: () => Promise<number>;
}): Promise<Run> {
  const { target, admin, role } = options;
  const before = { node: await cpuMs(target.pid), pg: await postgresCpuMs(options.clusterDir) };
  const statementsBefore = await statementsOf(admin, role);
  const doneBefore = (await options.counted?.()) ?? 0;
  const load = loadAverage();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: target.address,
        duration: options.seconds,
        connections: options.connections,
        requests: [options.request],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  await new Promise((r) => setTimeout(r, 500));
  const done = options.counted ? (await options.counted()) - doneBefore : result['2xx'];
  const after = { node: await cpuMs(target.pid), pg: await postgresCpuMs(options.clusterDir) };
  const statements = (await statementsOf(admin, role)) - statementsBefore;
  if (TOP_STATEMENTS > 0) await printTopStatements(admin, role, target.address);
  const unit = Math.max(done, 1);
  return {
    perSecond: done / options.seconds,
    nodeCpuMs: (after.node - before.node) / unit,
    pgCpuMs: (after.pg - before.pg) / unit,
    statements: statements / unit,
    load,
    non2xx: result.non2xx,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}

/** Runs the anchor and the product one after the other, `runs` times, so each pair shares its minute. */
export async function alternate(
  runs: number,
  anchor: () => Promise<Run>,
  product: () => Promise<Run>,
  label: string,
): Promise<{ anchor: Run[]; product: Run[] }> {
  const out = { anchor: [] as Run[], product: [] as Run[] };
  // A first run of each, not counted: JIT compilation, prepared statements, warm pools.
  await anchor();
  await product();
  for (let i = 0; i < runs; i++) {
    const a = await anchor();
    const p = await product();
    out.anchor.push(a);
    out.product.push(p);
    console.log(
      `${label} run ${i + 1}: product ${p.perSecond.toFixed(0)}/s (Node ${p.nodeCpuMs.toFixed(2)} ms, PostgreSQL ${p.pgCpuMs.toFixed(2)} ms, ${p.statements.toFixed(1)} statements each, non-2xx ${p.non2xx}, load ${p.load}); anchor ${a.perSecond.toFixed(0)}/s (Node ${a.nodeCpuMs.toFixed(2)} ms, PostgreSQL ${a.pgCpuMs.toFixed(2)} ms, load ${a.load})`,
    );
  }
  return out;
}
