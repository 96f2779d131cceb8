import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { createAdminUserReads } from './admin-user-reads.js';
import { userExportRoute } from './user-export.route.js';
import { createUserStatusService } from './user-status.service.js';

/** Administrators' user management (docs/user-management.md); every call is `admin` in the contract. */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock; mailer: Mailer }) {
  const reads = createAdminUserReads(opts.db);
  const setStatus = createUserStatusService({ ...opts, log: app.log });

  addRoute(app, c.getUserList, async ({ query }) => ({
    message: 'Users loaded.',
    result: await reads.users(query),
  }));
  addRoute(app, c.getOrganizerList, async ({ query }) => ({
    message: 'Organizers loaded.',
    result: await reads.organizers(query),
  }));
  addRoute(app, c.getUserOrganizerList, async ({ query }) => ({
    message: 'Organizations loaded.',
    result: await reads.organizationsOf(query.userId),
  }));
  addRoute(app, c.getAdminUserDetail, async ({ query }) => ({
    message: 'User loaded.',
    result: await reads.detail(query.userId),
  }));
  addRoute(app, c.updateUserStatus, async ({ actor, body }) => {
    const updated = await setStatus(actor, body);
    return {
      message: updated.status === 'BLOCKED' ? 'The user has been blocked.' : 'The user has been unblocked.',
      result: {
        _id: updated.id,
        status: updated.status,
        blockedReason: updated.blockedReason,
        blockedAt: updated.blockedAt?.toISOString() ?? null,
      },
    };
  });
  addRoute(app, c.getUserBookingList, async ({ query }) => ({
    message: 'Orders loaded.',
    result: await reads.bookingsOf(query),
  }));
  addRoute(app, c.getAdminBookingDetail, async ({ query }) => ({
    message: 'Order loaded.',
    result: await reads.bookingDetail(query.bookingId),
  }));
  addRoute(app, c.getOrganizerCreatedEventList, async ({ query }) => ({
    message: 'Events loaded.',
    result: await reads.createdEventsOf(query),
  }));
  userExportRoute(app, opts.db);
}
