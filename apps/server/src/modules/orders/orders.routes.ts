import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import { addRoute } from '../../lib/route.js';
import { orderDetail } from '../order-reads/index.js';
import { exportRoute } from './export/export.route.js';
import { createOrderLists } from './order-lists.js';
import { registeredUsers } from './registered-users.js';

/**
 * The organizer's orders (docs/selling.md, "Orders and exports"): read-only lists, an order's detail and
 * the streamed exports. Each call's access declaration resolved the event or order before the handler
 * (scanners and members without a role on the event get 404); the cross-event list and the export are
 * scoped to the events the actor may read.
 */
export async function orderRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const lists = createOrderLists(db);

  addRoute(app, c.organizerBookingList, async ({ actor, query, request }) => ({
    message: 'Orders loaded.',
    result: await lists.organizerOrders(actor, query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.organizerBookingDetail, async ({ query }) => ({
    message: 'Order loaded.',
    result: await orderDetail(db, query.bookingId),
  }));
  addRoute(app, c.organizerBookingTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await lists.bookingTickets(query),
  }));
  addRoute(app, c.viewTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await lists.viewTickets(query),
  }));
  addRoute(app, c.organizerEventBookingList, async ({ actor, query, request }) => ({
    message: 'Orders loaded.',
    result: await lists.eventOrders(query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.organizerEventBookingTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await lists.eventTickets(query),
  }));
  addRoute(app, c.eventAttendeesList, async ({ query }) => ({
    message: 'Attendees loaded.',
    result: await lists.attendees(query),
  }));
  addRoute(app, c.eventRegisteredUsers, async ({ query }) => ({
    message: 'Registered users loaded.',
    result: await registeredUsers(db, query),
  }));

  exportRoute(app, db);
}
