import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { adminDashboardRoutes } from './routes.js';

/** The platform's dashboard for administrators (docs/dashboards.md). */
export async function adminDashboardModule(app: FastifyInstance, ports: Ports) {
  await app.register(adminDashboardRoutes, { db: ports.db, clock: ports.clock });
}
