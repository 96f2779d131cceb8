import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { catchUpRollups } from '../db/rollup.js';
import type { Clock } from './clock.js';

const ROLLUP_JOB = 'dashboards-rollup';

/**
 * The dashboards' roll-ups catch up at every start and then every 5 minutes, once across all processes
 * (a pg-boss schedule). A run with nothing closed since the last one reads one row; the live tail the
 * dashboards read from the base tables stays under ROLLUP_LAG_MS + 1 hour + 5 minutes of sales.
 */
export function registerRollupJob(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const run = async () => {
    const { hours } = await catchUpRollups(deps.db, deps.clock.now());
    if (hours > 24) app.log.info({ hours }, 'dashboard roll-ups caught up');
  };
  app.jobs.work(ROLLUP_JOB, run);
  app.jobs.schedule(ROLLUP_JOB, '*/5 * * * *');
  app.jobs.onStart(run);
}
