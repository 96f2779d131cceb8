import { getAdminDashboard } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { callerTimeZone } from '../../lib/caller-zone.js';
import { addRoute } from '../../lib/route.js';
import type { AdminDashboardService } from './admin-dashboard.service.js';

/** The administrators' dashboard: platform figures for a period in the caller's zone. */
export async function adminDashboardRoutes(app: FastifyInstance, opts: { dashboard: AdminDashboardService }) {
  addRoute(app, getAdminDashboard, async ({ actor, query, request }) => ({
    message: 'Dashboard loaded.',
    result: await opts.dashboard.figures(query, callerTimeZone(request, actor)),
  }));
}
