import type pg from 'pg';

/** Any fixed 64-bit key; every Marquee process uses the same one. */
const STARTUP_LOCK_KEY = 7_346_201_884_310_001n;

/** How long a starting process waits for another one's migrations and seeding before giving up. */
const WAIT_MINUTES = 10;

/** Runs start-up work under the lock (the server's: on the migration connection, server.ts). */
export type StartupLock = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs migrations and seeding under a PostgreSQL advisory lock, so several API processes starting
 * together against one database take turns instead of applying the same migration or seed twice.
 * The lock is a session's: `pool` must reach PostgreSQL directly (MIGRATION_DATABASE_URL), never
 * through PgBouncer in transaction mode, which could run the lock and its unlock on different server
 * connections.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The pool's lock and statement timeouts (seconds) bound a request's waits; the next process must
    // wait for the whole of the work instead (migrations, and the demo seeding with its orders).
    await client.query(`set lock_timeout = '${WAIT_MINUTES}min'`);
    await client.query(`set statement_timeout = '${WAIT_MINUTES}min'`);
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    } finally {
      await client.query('reset lock_timeout');
      await client.query('reset statement_timeout');
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
