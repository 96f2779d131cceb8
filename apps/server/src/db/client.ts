import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { oneQueryAtATime } from './one-query-at-a-time.js';
import * as schema from './schema/index.js';

/**
 * The pool: queries on it may run at once (each takes a connection of its own), so pool-level reads may
 * fan out (`Promise.all`). A `Tx` is not a `Db` (it has no `$client`): a helper typed `Db` cannot be
 * handed a transaction, whose one connection runs one query at a time.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle: one connection, one query at a time (never `Promise.all` over it). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database on one dedicated connection (scripts): opens transactions, runs one query at a time. */
export type ClientDb = NodePgDatabase<typeof schema> & { $client: pg.Client };
/** Repos that run one query after another accept either. */
export type DbOrTx = Db | Tx | ClientDb;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Bounds on every wait, so that no request can hold the server: a call that cannot get a connection,
 * a lock or an answer in time fails (and is retried or answered 503) instead of queueing forever.
 */
export interface PoolLimits {
  /** Connections in the pool. */
  max: number;
  /** How long a query waits for a free connection before failing. */
  connectionTimeoutMs: number;
  /** `statement_timeout`: the longest one statement may run. */
  statementTimeoutMs: number;
  /** `lock_timeout`: the longest a statement waits for a row or table lock (then 55P03, retried). */
  lockTimeoutMs: number;
  /** `idle_in_transaction_session_timeout`: a transaction left open without work is ended by the server. */
  idleInTransactionTimeoutMs: number;
}

/** Which kind of process a connection belongs to, as `pg_stat_activity.application_name` shows it. */
export type ConnectionRole = 'api' | 'export' | 'migrate' | 'seed';

/**
 * The `application_name` of a connection: the installation (DB_APPLICATION_NAME, default `marquee`), the
 * kind of process and its pid (`marquee-api:4711`), so an operator looking at pg_stat_activity, or at
 * PgBouncer's clients, can tell whose connection holds a lock or runs a long query.
 */
export function connectionName(role: ConnectionRole, base = 'marquee'): string {
  return `${base}-${role}:${process.pid}`;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  max: 10,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 30_000,
};

export function connectDatabase(
  url: string,
  limits: number | (Partial<PoolLimits> & { applicationName?: string }) = {},
  onError: (error: Error) => void = (error) => console.error(`database connection lost: ${error.message}`),
): Database {
  const l = { ...DEFAULT_POOL_LIMITS, ...(typeof limits === 'number' ? { max: limits } : limits) };
  const pool = new pg.Pool({
    connectionString: url,
    // A startup parameter, not a SET: it holds behind PgBouncer in transaction mode too.
    application_name: ('applicationName' in l && l.applicationName) || connectionName('api'),
    max: l.max,
    connectionTimeoutMillis: l.connectionTimeoutMs,
    statement_timeout: l.statementTimeoutMs,
    lock_timeout: l.lockTimeoutMs,
    idle_in_transaction_session_timeout: l.idleInTransactionTimeoutMs,
    // JIT compiles any plan costed above jit_above_cost; the dashboards' and lists' aggregates at scale
    // cross it and spent 10–30 ms compiling for queries that run in less (docs/performance.md).
    options: '-c jit=off',
  });
  survivesLostConnections(pool, onError);
  // A fan-out over a transaction fails where it is written (tests, development) instead of queueing on
  // its one connection with pg's deprecation warning (pg 9 refuses it). Production keeps pg's behaviour.
  if (process.env.NODE_ENV !== 'production') pool.on('connect', oneQueryAtATime);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

function survivesLostConnections(pool: pg.Pool, onError: (error: Error) => void) {
  // An idle connection dropped by the server (restart, fail-over) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', onError);
  // Neither may one that breaks while checked out (its query fails and the request answers an error):
  // a client's 'error' event without a listener would end the process.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
}

/**
 * A second pool beside `main`: the same database and limits, `max` connections of its own. Work that
 * holds a connection for long (a file export streams for minutes) runs here, so it can never take the
 * connections that ordinary calls need. Its connections are named `applicationName` (`marquee-export:…`).
 */
export function sidePool(
  main: pg.Pool,
  max: number,
  onError: (error: Error) => void = (error) => console.error(`database connection lost: ${error.message}`),
  applicationName = connectionName('export'),
): pg.Pool {
  const pool = new pg.Pool({ ...main.options, max, application_name: applicationName });
  survivesLostConnections(pool, onError);
  return pool;
}

/** The pool behind a Drizzle database (every `Db` of this server is built on one). */
export function poolOf(db: Db): pg.Pool {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('expected a database on a pg pool');
  return client;
}
