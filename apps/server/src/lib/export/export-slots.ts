import type pg from 'pg';
import { type Db, poolOf, sidePool } from '../../db/client.js';
import { AppError } from '../errors.js';

export const EXPORT_MESSAGES = {
  perUser: (limit: number) =>
    `You already have ${limit} ${limit === 1 ? 'export' : 'exports'} running. Please wait for one to finish, then try again.`,
  busy: 'The server is busy with other exports. Please try again in a moment.',
} as const;

/** Seconds a refused export is asked to wait: exports take seconds to minutes, not milliseconds. */
const RETRY_AFTER_SECONDS = '5';

export interface ExportSlot {
  /** The exports' own pool: the cursor takes its connection here, never from the calls' pool. */
  pool: pg.Pool;
  /** Gives the slot back; once, however often it is called. */
  release(): void;
}

export interface ExportSlots {
  /** A slot for one export by this person, or a 429 (their own limit) or 503 (the server's). */
  take(userId: string): ExportSlot;
  /** Exports running now, for tests and the log. */
  running(): number;
  close(): Promise<void>;
}

/**
 * Exports hold a database connection for as long as the download lasts. Twelve at once by one
 * organizer took every connection of the pool, and ordinary calls answered 500 and 503 behind them.
 * So every export takes a slot first: at most `maxPerUser` per person (429 with Retry-After past it)
 * and `maxConcurrent` in the process (503 with Retry-After), and streams from a pool of its own of
 * exactly `maxConcurrent` connections, so a slot always finds its connection and the calls' pool is
 * never touched.
 */
export function createExportSlots(options: {
  pool: pg.Pool;
  maxConcurrent: number;
  maxPerUser: number;
}): ExportSlots {
  const { pool, maxConcurrent, maxPerUser } = options;
  const perUser = new Map<string, number>();
  let total = 0;
  return {
    take(userId) {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= maxPerUser) {
        throw new AppError(429, EXPORT_MESSAGES.perUser(maxPerUser), undefined, {
          'retry-after': RETRY_AFTER_SECONDS,
        });
      }
      if (total >= maxConcurrent) {
        throw new AppError(503, EXPORT_MESSAGES.busy, undefined, { 'retry-after': RETRY_AFTER_SECONDS });
      }
      perUser.set(userId, mine + 1);
      total += 1;
      let released = false;
      return {
        pool,
        release() {
          if (released) return;
          released = true;
          total -= 1;
          const left = (perUser.get(userId) ?? 1) - 1;
          if (left > 0) perUser.set(userId, left);
          else perUser.delete(userId);
        },
      };
    },
    running: () => total,
    close: () => pool.end(),
  };
}

/** The export slots of a server on `db`: their pool sits beside the calls' pool, on the same database. */
export function exportSlotsFor(
  db: Db,
  limits: { maxConcurrent: number; maxPerUser: number },
  onError?: (error: Error) => void,
  applicationName?: string,
): ExportSlots {
  return createExportSlots({
    ...limits,
    pool: sidePool(poolOf(db), limits.maxConcurrent, onError, applicationName),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Slots and the pool of file exports (orders, tickets, attendees, users, scan history). */
    exportSlots: ExportSlots;
  }
}
