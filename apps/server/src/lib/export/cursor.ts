import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/** A statement as Drizzle renders it (`.toSQL()`). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** Rows fetched from the server per round trip: what the export holds in memory at most, per batch. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * How long one export may keep its statement open. The pool's default statement timeout (30 s) fits a
 * request, not a download of a large file to a slow connection; past this the database ends it.
 */
export const EXPORT_STATEMENT_TIMEOUT_MS = 30 * 60_000;

export interface ExportCursor {
  /** How many rows the stream will give (same snapshot as the rows). */
  total: number;
  /** The rows, as arrays in SELECT order, fetched in batches from a server-side cursor. */
  rows: AsyncIterable<unknown[]>;
  /** Ends the transaction and gives the connection back; `broken` destroys it instead (after an abort). */
  close(broken?: boolean): Promise<void>;
}

/**
 * Opens a cursor on a dedicated pool connection, inside a read-only REPEATABLE READ transaction so that
 * the count and the rows are one snapshot: `x-total-rows` is exactly what follows. The caller must
 * `close` it (after the last row, on error, or when the download is abandoned).
 */
export async function openExportCursor(
  pool: pg.Pool,
  count: Statement,
  select: Statement,
): Promise<ExportCursor> {
  const client = await pool.connect();
  let closed = false;
  let stream: QueryStream | undefined;
  const close = async (broken = false) => {
    if (closed) return;
    closed = true;
    if (broken || (stream && !stream.readableEnded)) {
      // Mid-stream the connection's protocol state is unknown: ending it is the only safe release
      // (the server rolls the read-only transaction back).
      stream?.destroy();
      client.release(true);
      return;
    }
    try {
      await client.query('commit');
      client.release();
    } catch (error) {
      client.release(error instanceof Error ? error : true);
    }
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local statement_timeout = ${EXPORT_STATEMENT_TIMEOUT_MS}`);
    // Drizzle renders the count's column without its alias: read it by position.
    const counted = await client.query<[number]>({ text: count.sql, values: count.params, rowMode: 'array' });
    const total = Number(counted.rows[0]?.[0] ?? 0);
    stream = client.query(
      new QueryStream(select.sql, select.params, { batchSize: EXPORT_BATCH_ROWS, rowMode: 'array' }),
    );
    return { total, rows: stream as AsyncIterable<unknown[]>, close };
  } catch (error) {
    await close(true);
    throw error;
  }
}

/** A cursor row (values in SELECT order) as the object the layout reads. */
export function rowObject(keys: string[], values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) row[keys[i] as string] = values[i];
  return row;
}
