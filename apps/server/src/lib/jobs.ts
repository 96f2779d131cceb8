import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { type StartupLock, withStartupLock } from '../db/startup-lock.js';

/**
 * Background work through pg-boss (a maintained PostgreSQL job queue, docs/architecture.md): jobs are
 * rows in the `pgboss` schema of the application's own database, so they survive a restart, run once
 * per fetch across every server process, are retried after a failure and expire when their worker
 * died. pg-boss uses the application's pool (no second pool) and creates its schema itself.
 *
 * Modules register workers and schedules while the app is built; the queue starts when the app is
 * ready (after the server's migrations) and stops on close. Without the queue (tests that do not need
 * it) `send` stores nothing: the domain rows stay the truth and a real server picks them up on start.
 */
export interface QueueOptions {
  /** How often a failed job is tried again, and the pause between tries (seconds). */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job active longer than this is taken as dead (its process gone) and retried. */
  expireInSeconds?: number;
  /** How often an idle worker looks for work (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Runs no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  singletonKey?: string;
}

export interface Jobs {
  /** Whether the queue runs in this process. */
  readonly enabled: boolean;
  /** Queues a job (once the queue runs); null when the queue is off. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** The handler of a queue; a throw fails the job, which pg-boss retries. Register before ready. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: QueueOptions): void;
  /** Sends `name` on a cron (UTC), once across all processes; `name` needs a worker too. Register before ready. */
  schedule(name: string, cron: string, data?: object): void;
  /** Runs once the queue is up (each process start): resuming what a stopped process left. */
  onStart(task: () => Promise<unknown>): void;
  /**
   * Jobs waiting, running and failed per queue (the metrics scrape); none while the queue does not run
   * in this process (its schema may not exist yet).
   */
  counts(): Promise<{ queue: string; state: string; jobs: number }[]>;
}

/**
 * One grouped count, one query per scrape: pg-boss's job table holds recent jobs only (it moves older
 * finished ones to its archive), so the count stays cheap as the history grows.
 */
const COUNTS_SQL = `select name as queue, state::text as state, count(*)::int as jobs
  from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

interface Worker {
  name: string;
  handler: (data: object) => Promise<void>;
  options: QueueOptions;
}

export const jobsPlugin = fp(async function jobsPlugin(
  app: FastifyInstance,
  opts: {
    db: Db;
    enabled: boolean;
    /** pg-boss's own timers (seconds); shorter in tests that wait for expiry. */
    maintenanceIntervalSeconds?: number;
    /** The start-up lock on the migration connection (server.ts); default: on the app's own pool. */
    startupLock?: StartupLock;
    /** Told of every failed job (the metrics). */
    onFailed?: (queue: string) => void;
  },
) {
  const workers = new Map<string, Worker>();
  const schedules: { name: string; cron: string; data?: object }[] = [];
  const startTasks: (() => Promise<unknown>)[] = [];
  let boss: PgBoss | null = null;

  const jobs: Jobs = {
    enabled: opts.enabled,
    async send(name, data, options = {}) {
      if (!boss) {
        if (opts.enabled) throw new Error(`the job queue is not started yet (send ${name})`);
        return null;
      }
      return boss.send(name, data, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    work(name, handler, options = {}) {
      if (boss) throw new Error(`register the worker of ${name} before the app is ready`);
      workers.set(name, { name, handler: handler as Worker['handler'], options });
    },
    schedule(name, cron, data) {
      if (boss) throw new Error(`register the schedule of ${name} before the app is ready`);
      schedules.push({ name, cron, data });
    },
    onStart(task) {
      startTasks.push(task);
    },
    async counts() {
      if (!boss) return [];
      const pool = (opts.db as Db & { $client: Pool }).$client;
      const { rows } = await pool.query<{ queue: string; state: string; jobs: number }>(COUNTS_SQL);
      return rows;
    },
  };
  app.decorate('jobs', jobs);
  if (!opts.enabled) return;

  app.addHook('onReady', async () => {
    // The pool drizzle was built on (connectDatabase): pg-boss shares its connections and limits.
    const pool = (opts.db as Db & { $client: Pool }).$client;
    const started = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: 'pgboss',
      ...(opts.maintenanceIntervalSeconds
        ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds }
        : {}),
    });
    started.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    // Processes starting together on one database take turns here: pg-boss's createQueue (a queue's
    // row and its partition table) deadlocks with the same call of another process (found by
    // test/two-processes.test.ts: one of two servers started at once exited with "deadlock detected").
    const startupLock: StartupLock = opts.startupLock ?? ((work) => withStartupLock(pool, work));
    await startupLock(async () => {
      await started.start();
      for (const worker of workers.values()) {
        const { pollingIntervalSeconds: _polling, ...queue } = worker.options;
        await started.createQueue(worker.name, { name: worker.name, ...queue });
        // Options changed since an earlier start apply too (createQueue keeps an existing queue as it was).
        await started.updateQueue(worker.name, { name: worker.name, ...queue });
      }
      for (const s of schedules) {
        if (!workers.has(s.name)) throw new Error(`the schedule ${s.name} has no worker`);
        await started.schedule(s.name, s.cron, s.data ?? {}, { tz: 'UTC' });
      }
    });
    boss = started;
    for (const worker of workers.values()) {
      const { pollingIntervalSeconds } = worker.options;
      await started.work<object>(
        worker.name,
        { batchSize: 1, ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}) },
        async ([job]) => {
          if (!job) return;
          try {
            await worker.handler(job.data);
          } catch (error) {
            app.log.error({ err: error, job: { name: job.name, id: job.id } }, 'job failed');
            opts.onFailed?.(job.name);
            throw error;
          }
        },
      );
    }
    for (const task of startTasks) {
      // One failing task must not keep the others (or the server) from starting: it is retried by
      // its schedule or at the next start.
      task().catch((error) => app.log.error({ err: error }, 'a job start task failed'));
    }
  });
  app.addHook('onClose', async () => {
    const running = boss;
    boss = null;
    // Jobs still running after the grace period are failed, and pg-boss retries them later.
    await running?.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
  });
});
