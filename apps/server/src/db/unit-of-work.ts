import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Clock } from '../lib/clock.js';
import { isTransientDbError, mapDatabaseError } from '../lib/db-errors.js';
import { currentRequest } from '../lib/request-context.js';
import { type Anonymous, type AuditChange, audit, type System, type Who } from './audit.js';
import type { Db, DbOrTx, Tx } from './client.js';

/**
 * One change, done the same way everywhere: a transaction, the rows it locks, the change itself, its
 * audit entries (before/after, actor, request id) and the events to send once it has committed.
 *
 * - Contention (lock timeout, serialization failure, deadlock, no free connection) re-runs the whole
 *   work a bounded number of times, then answers 503 with `Retry-After`: the work must therefore do
 *   nothing outside its transaction except through `afterCommit`.
 * - `afterCommit` events (in-process notices) run only after COMMIT, never on rollback, and never inside
 *   a retried attempt. Their failures are logged: the change itself is done. They die with the process:
 *   emails and SMS are not sent from here but enqueued in the transaction (modules/messages).
 * - No network call to a provider inside the work: record intent, commit, call, record the result
 *   in a second unit of work (docs/architecture.md).
 * - A unit of work started inside another joins it (one transaction, one commit).
 */
export interface Change {
  tx: Tx;
  /** The time of this change, the same for all its rows and audit entries. */
  now: Date;
  who: Who | Anonymous | System;
  /** Locks the rows matching `where` (SELECT … FOR UPDATE) and returns them. */
  lock<T extends PgTable>(table: T, where: SQL): Promise<T['$inferSelect'][]>;
  audit(change: AuditChange): Promise<void>;
  afterCommit(event: () => Promise<unknown> | unknown): void;
}

/** What a one-statement change is given (`unitOfWork.single`). */
export interface SingleChange {
  /** The pool (or, inside a unit of work, its transaction). */
  db: DbOrTx;
  now: Date;
  who: Who | Anonymous | System;
  afterCommit(event: () => Promise<unknown> | unknown): void;
}

interface Logger {
  error(obj: object, msg: string): void;
}

export interface UnitOfWorkOptions {
  /** Who acts; by default the signed-in actor of the current request, else the system. */
  who?: Who | Anonymous | System;
}

const ATTEMPTS = 3;
const current = new AsyncLocalStorage<Change>();

function whoFromRequest(): Who | System {
  const request = currentRequest();
  if (request?.actor) return { actor: request.actor, requestId: request.id };
  return { system: 'server', requestId: request?.id ?? 'system' };
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 15 * 2 ** attempt + Math.random() * 25));

export function createUnitOfWork(deps: { db: Db; clock: Clock; log?: Logger; attempts?: number }) {
  const { db, clock } = deps;
  const attempts = deps.attempts ?? ATTEMPTS;

  async function attempt<T>(work: (change: Change) => Promise<T>, who: Change['who']) {
    const events: (() => Promise<unknown> | unknown)[] = [];
    const result = await db.transaction(async (tx) => {
      const now = clock.now();
      const change: Change = {
        tx,
        now,
        who,
        lock: async (table, where) =>
          (await tx
            .select()
            .from(table as PgTable)
            .where(where)
            .for('update')) as never,
        audit: (entry) => audit.record(tx, who, entry, now),
        afterCommit: (event) => {
          events.push(event);
        },
      };
      return current.run(change, () => work(change));
    });
    return { result, events };
  }

  async function runEvents(events: (() => Promise<unknown> | unknown)[]) {
    for (const event of events) {
      try {
        await event();
      } catch (error) {
        deps.log?.error({ err: error }, 'an event after a committed change failed');
      }
    }
  }

  /**
   * A change that is one statement (with its audit entry and outbox row in it), sent outside BEGIN …
   * COMMIT: PostgreSQL runs it as its own transaction, so a row it locks is held only while it runs and
   * commits, never while Node gets round to sending COMMIT (the checkout's hot inventory row:
   * docs/selling.md, "Statements and throughput"). The same retries as a unit of work; `afterCommit` events run once
   * it succeeded. Inside a unit of work it joins that transaction.
   */
  async function single<T>(work: (change: SingleChange) => Promise<T>, options: UnitOfWorkOptions = {}) {
    const outer = current.getStore();
    const who = options.who ?? outer?.who ?? whoFromRequest();
    if (outer) return work({ db: outer.tx, now: outer.now, who, afterCommit: outer.afterCommit });
    return retried(async () => {
      const events: (() => Promise<unknown> | unknown)[] = [];
      const result = await work({ db, now: clock.now(), who, afterCommit: (event) => events.push(event) });
      return { result, events };
    });
  }

  async function run<T>(work: (change: Change) => Promise<T>, options: UnitOfWorkOptions = {}) {
    const outer = current.getStore();
    if (outer) return work(options.who ? { ...outer, who: options.who } : outer);
    const who = options.who ?? whoFromRequest();
    return retried(() => attempt(work, who));
  }

  /**
   * Runs one attempt of a change again while it fails with a transient database error (a deadlock, a
   * serialization failure, a lock timeout), up to `attempts` times with a pause between; then its
   * after-commit events.
   */
  async function retried<T>(
    once: () => Promise<{ result: T; events: (() => Promise<unknown> | unknown)[] }>,
  ): Promise<T> {
    for (let n = 1; ; n += 1) {
      try {
        const { result, events } = await once();
        await runEvents(events);
        return result;
      } catch (error) {
        if (!isTransientDbError(error)) throw error;
        if (n >= attempts) throw mapDatabaseError(error) ?? error;
        await pause(n);
      }
    }
  }

  return Object.assign(run, { single });
}

export type UnitOfWork = ReturnType<typeof createUnitOfWork>;
