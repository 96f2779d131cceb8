import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor, EventGrant } from '../../lib/access/index.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import { addRoute } from '../../lib/route.js';
import { orderDetail } from '../order-reads/index.js';
import { exportRoute } from './export/export.route.js';
import { eventBuyers } from './queries/event-buyers.js';
import { createOrderLists } from './queries/order-lists.js';
import { createTicketLists } from './queries/ticket-lists.js';
import { viewTickets } from './queries/view-tickets.js';

/**
 * The organizer's orders (docs/selling.md, "Orders and exports"): lists, an order's detail, the streamed
 * exports and the tickets' resend. Each call's access declaration resolved the event or order before the handler
 * (scanners and members without a role on the event get 404); the cross-event list and the export are
 * scoped to the events the actor may read.
 */
export async function orderRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** The booking module's resend (the confirmation email is that module's). */
    resendTickets: (
      organizer: { actor: Actor; event: EventGrant },
      bookingId: string,
    ) => Promise<c.TicketsResent>;
  },
) {
  const { db } = opts;
  const orders = createOrderLists(db);
  const tickets = createTicketLists(db);

  addRoute(app, c.organizerBookingList, async ({ actor, query, request }) => ({
    message: 'Orders loaded.',
    result: await orders.organizerOrders(actor, query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.organizerBookingDetail, async ({ query }) => ({
    message: 'Order loaded.',
    result: await orderDetail(db, query.bookingId),
  }));
  addRoute(app, c.organizerBookingTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await tickets.bookingTickets(query),
  }));
  addRoute(app, c.viewTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await viewTickets(db, query),
  }));
  addRoute(app, c.organizerEventBookingList, async ({ actor, query, request }) => ({
    message: 'Orders loaded.',
    result: await orders.eventOrders(query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.organizerEventBookingTicketList, async ({ query }) => ({
    message: 'Tickets loaded.',
    result: await tickets.eventTickets(query),
  }));
  addRoute(app, c.eventAttendeesList, async ({ query }) => ({
    message: 'Attendees loaded.',
    result: await tickets.attendees(query),
  }));
  addRoute(app, c.eventRegisteredUsers, async ({ query }) => ({
    message: 'Registered users loaded.',
    result: await eventBuyers(db, query),
  }));

  addRoute(app, c.resendOrderTickets, async ({ actor, events, body }) => {
    const event = events[0];
    if (!event) throw new Error('the booking rule resolved no event');
    const result = await opts.resendTickets({ actor, event }, body.bookingId);
    return { message: c.RESEND_MESSAGES.organizerDone, result };
  });

  exportRoute(app, db);
}
