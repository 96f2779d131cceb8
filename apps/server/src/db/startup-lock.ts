import type pg from 'pg';

/** Any fixed 64-bit key; every Marquee process uses the same one. */
const STARTUP_LOCK_KEY = 7_346_201_884_310_001n;

/**
 * Runs migrations and seeding under a PostgreSQL advisory lock, so several API processes starting
 * together against one database take turns instead of applying the same migration or seed twice.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
