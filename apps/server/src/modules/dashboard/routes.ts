import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import type { Clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { organizerDashboard } from './queries/organizer-dashboard.js';
import { upcomingEvents } from './queries/upcoming-events.js';

/** The organizer's dashboard (docs/dashboards.md, "Organizer dashboard"): read-only figures and the next events. */
export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  // `grant`: the organization named, resolved by the declaration (null: all of the caller's).
  addRoute(app, c.organizerDashboard, async ({ actor, grant, query, request }) => ({
    message: 'Dashboard loaded.',
    result: await organizerDashboard(opts, actor, grant, query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.dashboardUpcomingEventList, async ({ actor, grant, query }) => ({
    message: 'Upcoming events loaded.',
    result: await upcomingEvents(opts, actor, grant, query),
  }));
}
