import type { organizerRefundBookingTicketList, RefundRequestView } from '@marquee/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, estimateRows, type Page, type PageWindow, paged } from '../../../db/list.js';
import { bookings, events, refundRequests, refundRequestTickets } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { resolvedEventScope } from '../../../lib/access/index.js';
import { createdBetween, ORDER_SEARCH } from '../../order-reads/index.js';
import { type RequestRowData, requestsFrom, toRequestViews } from './request-views.js';

type Query = z.output<(typeof organizerRefundBookingTicketList)['query']>;

/** What the requested tickets would give back (sorting by amount); on the request's primary key. */
const requestAmount = sql<number>`(select coalesce(sum(${refundRequestTickets.amount}), 0) from ${refundRequestTickets} where ${refundRequestTickets.requestId} = ${refundRequests.id})`;

/**
 * organizer-refund-booking-ticket-list: buyers' requests of the events the actor may manage (scanners
 * and members without a role on the event see none; administrators all), one SELECT per page and one
 * COUNT (capped); each page's tickets in one more query.
 */
export function requestList(db: Db) {
  // The filters and the scope are on the request's own columns; only a search needs the joins.
  function requestsCounted(where: SQL | undefined, searching: boolean) {
    const requests = db.select({ one: sql`1` }).from(refundRequests);
    const counted = searching
      ? requests
          .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
          .innerJoin(events, eq(events.id, refundRequests.eventId))
          .where(where)
      : requests.where(where);
    return counted.$dynamic();
  }

  const list = defineList({
    // Order code, buyer, event title.
    search: [...ORDER_SEARCH, events.title],
    sort: {
      fields: { createdAt: refundRequests.createdAt, amount: requestAmount },
      default: [desc(refundRequests.createdAt)],
      tieBreaker: refundRequests.id,
    },
    rows: (window: PageWindow) => paged(requestsFrom(db), window) as Promise<RequestRowData[]>,
    // Searching, each request counted is a probe of its order and event: past a few pages the estimate.
    count: (where, upTo, searching) => countUpTo(db, requestsCounted(where, searching), upTo),
    estimate: (where, searching) => estimateRows(db, requestsCounted(where, searching)),
    total: 'estimated',
    items: (rows: RequestRowData[]) => toRequestViews(db, rows),
  });

  return async (actor: Actor, query: Query, zone: string): Promise<Page<RefundRequestView>> => {
    const filters: (SQL | undefined)[] = [
      await resolvedEventScope(db, actor, 'manage', {
        eventId: refundRequests.eventId,
        organizationId: refundRequests.organizationId,
      }),
      query.status ? eq(refundRequests.status, query.status) : undefined,
      query.organizationId ? eq(refundRequests.organizationId, query.organizationId) : undefined,
      query.eventId ? eq(refundRequests.eventId, query.eventId) : undefined,
      createdBetween(query.from, query.to, zone, refundRequests.createdAt),
    ];
    return list(query, filters);
  };
}
