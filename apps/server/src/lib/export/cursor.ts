import type { Readable } from 'node:stream';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { instantMs, TIMESTAMPTZ_OID } from './instants.js';

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
  /**
   * The rows, as arrays in SELECT order, in the batches they were fetched in from a server-side cursor.
   * Instants (timestamptz) come as epoch milliseconds (EXPORT_TYPES), not Dates.
   */
  batches: AsyncIterable<unknown[][]>;
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
      new QueryStream(select.sql, select.params, {
        batchSize: EXPORT_BATCH_ROWS,
        rowMode: 'array',
        types: EXPORT_TYPES,
      }),
    );
    return { total, batches: batchesOf(stream), close };
  } catch (error) {
    await close(true);
    throw error;
  }
}

/**
 * The type parsers of an export's rows: `pg`'s own, except that an instant is read as epoch
 * milliseconds (instants.ts) straight from its text, without a Date: every file writes it on a zone's
 * clock from the milliseconds anyway (cells.ts, `timeCell`).
 */
export const EXPORT_TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? instantMs
      : pg.types.getTypeParser(oid, (format ?? 'text') as 'text'),
};

/**
 * A cursor stream's rows as batches: whatever it holds at each turn, taken without waiting, so the
 * export awaits once per batch; a million rows awaited one by one cost about a second. The stream
 * asks for its next batch as soon as this one is taken (its buffer falls below its high-water mark),
 * so the database reads ahead while the batch is written. Throws when the stream fails or is destroyed
 * before its end (an abandoned download).
 */
export function batchesOf(stream: Readable): AsyncIterable<unknown[][]> {
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  let ended = false;
  const signal = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const onEnd = () => {
    ended = true;
    signal();
  };
  const onError = (error: Error) => {
    failure ??= error;
    signal();
  };
  const onClose = () => {
    if (!ended) failure ??= new Error('the export cursor closed before its last row');
    signal();
  };
  // Listening from the start: an error before the first batch is asked for is kept, not thrown.
  stream.on('readable', signal);
  stream.on('end', onEnd);
  stream.on('error', onError);
  stream.on('close', onClose);
  return (async function* () {
    try {
      for (;;) {
        const rows: unknown[][] = [];
        for (let row = stream.read(); row !== null; row = stream.read()) rows.push(row as unknown[]);
        if (rows.length > 0) {
          yield rows;
          continue;
        }
        if (failure) throw failure;
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      stream.off('readable', signal);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    }
  })();
}

/** Where each column of a column set sits in a cursor row (the set's keys in SELECT order). */
export function positions<K extends string>(columns: Record<K, unknown>): Record<K, number> {
  const at = {} as Record<K, number>;
  (Object.keys(columns) as K[]).forEach((key, i) => {
    at[key] = i;
  });
  return at;
}

/** A cursor row (values in SELECT order) as the object the layout reads. */
export function rowObject(keys: string[], values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) row[keys[i] as string] = values[i];
  return row;
}
