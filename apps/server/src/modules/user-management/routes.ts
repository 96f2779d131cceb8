import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { createUpdateUserStatus } from './commands/update-user-status.js';
import { createCreatedEventList } from './queries/created-events.js';
import { userDetail } from './queries/user-detail.js';
import { createUserLists } from './queries/user-lists.js';
import { userOrderDetail } from './queries/user-order-detail.js';
import { createUserOrderList } from './queries/user-orders.js';
import { userOrganizations } from './queries/user-organizations.js';
import { userExportRoute } from './user-export.route.js';

/** Administrators' user management (docs/user-management.md); every call is `admin` in the contract. */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db } = opts;
  const lists = createUserLists(db);
  const ordersOf = createUserOrderList(db);
  const createdEventsOf = createCreatedEventList(db);
  const updateUserStatus = createUpdateUserStatus({ ...opts, log: app.log });

  addRoute(app, c.getUserList, async ({ query }) => ({
    message: 'Users loaded.',
    result: await lists.users(query),
  }));
  addRoute(app, c.getOrganizerList, async ({ query }) => ({
    message: 'Organizers loaded.',
    result: await lists.organizers(query),
  }));
  addRoute(app, c.getUserOrganizerList, async ({ query }) => ({
    message: 'Organizations loaded.',
    result: await userOrganizations(db, query.userId),
  }));
  addRoute(app, c.getAdminUserDetail, async ({ query }) => ({
    message: 'User loaded.',
    result: await userDetail(db, query.userId),
  }));
  addRoute(app, c.updateUserStatus, async ({ actor, body }) => {
    const updated = await updateUserStatus(actor, body);
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
    result: await ordersOf(query),
  }));
  addRoute(app, c.getAdminBookingDetail, async ({ query }) => ({
    message: 'Order loaded.',
    result: await userOrderDetail(db, query.bookingId),
  }));
  addRoute(app, c.getOrganizerCreatedEventList, async ({ query }) => ({
    message: 'Events loaded.',
    result: await createdEventsOf(query),
  }));
  userExportRoute(app, db);
}
