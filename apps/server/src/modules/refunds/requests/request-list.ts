import type { organizerRefundBookingTicketList, RefundRequestView } from '@marquee/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { bookings, events, refundRequests, refundRequestTickets } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { eventScope } from '../../../lib/event-access.js';
import { defineList, type Page, type PageWindow, paged } from '../../../lib/list.js';
import { createdBetween } from '../../orders/order-query.js';
import { type RequestRowData, requestsFrom, toRequestViews } from './request-view.js';

type Query = z.output<(typeof organizerRefundBookingTicketList)['query']>;

/** What the requested tickets would give back (sorting by amount); on the request's primary key. */
const requestAmount = sql<number>`(select coalesce(sum(${refundRequestTickets.amount}), 0) from ${refundRequestTickets} where ${refundRequestTickets.requestId} = ${refundRequests.id})`;

/**
 * organizer-refund-booking-ticket-list: buyers' requests of the events the actor may manage (scanners
 * and members without a role on the event see none; administrators all), one SELECT per page and one
 * COUNT; each page's tickets in one more query.
 */
export function createRequestList(db: Db) {
  const list = defineList({
    // Order code, buyer, event title.
    search: [bookings.code, bookings.buyerName, bookings.buyerEmail, events.title],
    sort: {
      fields: { createdAt: refundRequests.createdAt, amount: requestAmount },
      default: [desc(refundRequests.createdAt)],
      tieBreaker: refundRequests.id,
    },
    rows: (window: PageWindow) => paged(requestsFrom(db), window) as Promise<RequestRowData[]>,
    async count(where) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(refundRequests)
        .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
        .innerJoin(events, eq(events.id, refundRequests.eventId))
        .where(where);
      return row?.n ?? 0;
    },
    items: (rows: RequestRowData[]) => toRequestViews(db, rows),
  });

  return (actor: Actor, query: Query, zone: string): Promise<Page<RefundRequestView>> => {
    const filters: (SQL | undefined)[] = [
      eventScope(actor, 'manage'),
      query.status ? eq(refundRequests.status, query.status) : undefined,
      query.organizationId ? eq(refundRequests.organizationId, query.organizationId) : undefined,
      query.eventId ? eq(refundRequests.eventId, query.eventId) : undefined,
      createdBetween(query.from, query.to, zone, refundRequests.createdAt),
    ];
    return list(query, filters);
  };
}
