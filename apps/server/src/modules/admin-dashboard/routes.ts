import { getAdminDashboard } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import type { Clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { platformFigures } from './queries/platform-figures.js';

/** The administrators' dashboard: platform figures for a period in the caller's zone. */
export async function adminDashboardRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  addRoute(app, getAdminDashboard, async ({ actor, query, request }) => ({
    message: 'Dashboard loaded.',
    result: await platformFigures(opts, query, callerTimeZone(request, actor)),
  }));
}
