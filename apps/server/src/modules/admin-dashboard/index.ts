import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { adminDashboardRoutes } from './admin-dashboard.routes.js';
import { createAdminDashboardService } from './admin-dashboard.service.js';

/** The platform's dashboard for administrators (docs/dashboards.md). */
export async function adminDashboardModule(app: FastifyInstance, ports: Ports) {
  await app.register(adminDashboardRoutes, {
    dashboard: createAdminDashboardService({ db: ports.db, clock: ports.clock }),
  });
}
