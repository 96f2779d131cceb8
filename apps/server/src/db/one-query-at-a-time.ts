import type pg from 'pg';

/**
 * Thrown when a second query is sent on a connection that is still running one: a fan-out
 * (`Promise.all`) over a transaction. pg 8 queues such a query with a deprecation warning and pg 9
 * refuses it; here it fails at once, naming the fix, wherever tests or development reach it.
 */
export class ConcurrentQueryError extends Error {
  constructor(sql: string) {
    super(
      `A query was sent on a transaction's connection while another was still running (${sql.slice(0, 80)}): ` +
        'a transaction runs one query at a time, so await each query in turn instead of Promise.all over it.',
    );
    this.name = 'ConcurrentQueryError';
  }
}

type Query = (...args: unknown[]) => unknown;

const textOf = (config: unknown): string =>
  typeof config === 'string'
    ? config
    : typeof (config as { text?: unknown } | null)?.text === 'string'
      ? (config as { text: string }).text
      : '';

/** Ending a transaction is what its owner does after a failed fan-out: it waits for the query in flight. */
const ENDS_TRANSACTION = /^\s*(rollback|commit)\b/i;

/**
 * Makes a client refuse a query while one is in flight (a checked-out pool client: a transaction).
 * Queries through `pool.query` each take a client of their own and are never concurrent on one.
 */
export function oneQueryAtATime(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  // Cleared synchronously when the query settles, before whoever waits on it runs: the pool hands
  // the client to its next caller from inside the answer's callback.
  let busy = false;
  let idle: Promise<void> = Promise.resolve();
  let release = () => {};
  const begin = () => {
    busy = true;
    idle = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const end = () => {
    busy = false;
    release();
  };

  const guarded: Query = (...args) => {
    if (busy) {
      // The fan-out already failed; its transaction's ROLLBACK runs once the query in flight is done,
      // so the connection goes back to the pool clean.
      if (ENDS_TRANSACTION.test(textOf(args[0])) && typeof args.at(-1) !== 'function') {
        return idle.then(() => guarded(...args));
      }
      throw new ConcurrentQueryError(textOf(args[0]));
    }
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      begin();
      args[args.length - 1] = (...result: unknown[]) => {
        end();
        return (callback as (...a: unknown[]) => unknown)(...result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      begin();
      (result as Promise<unknown>).then(end, end);
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}
