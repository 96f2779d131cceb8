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
  let inFlight: Promise<unknown> | null = null;

  const track = (done: Promise<unknown>) => {
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    inFlight = settled;
    void settled.then(() => {
      if (inFlight === settled) inFlight = null;
    });
  };

  const guarded: Query = (...args) => {
    const busy = inFlight;
    if (busy) {
      // The fan-out already failed; its transaction's ROLLBACK runs once the query in flight is done,
      // so the connection goes back to the pool clean.
      if (ENDS_TRANSACTION.test(textOf(args[0])) && typeof args.at(-1) !== 'function') {
        const after = busy.then(() => query(...args));
        track(after);
        return after;
      }
      throw new ConcurrentQueryError(textOf(args[0]));
    }
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      let finish: () => void = () => undefined;
      track(new Promise<void>((resolve) => (finish = resolve)));
      args[args.length - 1] = (...result: unknown[]) => {
        finish();
        return (callback as (...a: unknown[]) => unknown)(...result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') track(result as Promise<unknown>);
    return result;
  };
  client.query = guarded as typeof client.query;
}
