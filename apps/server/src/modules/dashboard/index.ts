import type { FastifyInstance } from 'fastify';
import { registerRollupJob } from '../../lib/rollup-job.js';
import type { Ports } from '../../ports.js';
import { dashboardRoutes } from './routes.js';

/** The organizer's dashboard, and the hourly roll-ups both dashboards read (docs/dashboards.md). */
export async function dashboardModule(app: FastifyInstance, ports: Ports) {
  await app.register(dashboardRoutes, { db: ports.db, clock: ports.clock });
  registerRollupJob(app, { db: ports.db, clock: ports.clock });
}
