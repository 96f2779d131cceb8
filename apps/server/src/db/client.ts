import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.error(`database connection lost: ${error.message}`),
): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, fail-over) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', onIdleError);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
