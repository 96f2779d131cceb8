import type {
  AttendeeRow as AttendeeRowSchema,
  organizerBookingList,
  organizerBookingTicketList,
  organizerEventBookingList,
  organizerEventBookingTicketList,
  TicketRow,
} from '@marquee/contract';
import { emptySelectionMessage } from '@marquee/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

type AttendeeRow = z.infer<typeof AttendeeRowSchema>;

import type { Db } from '../../db/client.js';
import { countUpTo, defineList, estimateRows, type PageWindow, paged } from '../../db/list.js';
import { bookings, tickets } from '../../db/schema/index.js';
import type { Actor } from '../../lib/access/index.js';
import { badRequest } from '../../lib/errors.js';
import {
  ORDER_DEFAULT_KEYS,
  ORDER_SEARCH,
  ORDER_SORT,
  type OrderRowData,
  orderFilters,
  ordersFrom,
  parseIdList,
  resolvedOrderScope,
  TICKET_ORDER,
  TICKET_SEARCH,
  type TicketRowData,
  ticketFilters,
  ticketsCounted,
  ticketsFrom,
  toOrderSummary,
  toTicketRow,
} from '../order-reads/index.js';

type OrderListQuery = z.output<(typeof organizerBookingList)['query']>;
type EventOrderListQuery = z.output<(typeof organizerEventBookingList)['query']>;
type BookingTicketQuery = z.output<(typeof organizerBookingTicketList)['query']>;
type EventTicketQuery = z.output<(typeof organizerEventBookingTicketList)['query']>;

/**
 * One event's tickets, named by their order's event (a ticket's order is of the same event): the list
 * walks the event's orders newest first (bookings_event_created_idx), the order of the list, instead of
 * sorting every ticket of the event. Naming the ticket's event as well made the planner take the two
 * conditions as independent and expect 35 times too few rows (hash joins, parallel workers).
 */
function eventTicketFilters(query: EventTicketQuery): (SQL | undefined)[] {
  return [eq(bookings.eventId, query.eventId), ...ticketFilters(query)];
}

/**
 * The organizer's order and ticket lists: each one SELECT for the page and one COUNT (lib/list.ts), the
 * seat count a correlated subquery on its index, so no query per row. The event lists were resolved
 * by their access declaration (the route's `event: 'read'`); the cross-event list is scoped here.
 */
export function createOrderLists(db: Db) {
  const orders = defineList({
    search: ORDER_SEARCH,
    sort: ORDER_SORT,
    rows: (window: PageWindow) => paged(ordersFrom(db), window) as Promise<OrderRowData[]>,
    // Every filter and the scope are on bookings' own columns: no join to count.
    count: (where, upTo) =>
      countUpTo(db, db.select({ one: sql`1` }).from(bookings).where(where).$dynamic(), upTo),
    total: 'capped',
    // 1,000,000 orders on the administrator's list: page 5,000 costs what page 1 does.
    paging: 'keyset',
    keyset: { table: bookings, defaultKeys: ORDER_DEFAULT_KEYS, anchorOf: (row: OrderRowData) => row.id },
    items: (rows: OrderRowData[]) => rows.map(toOrderSummary),
  });

  const ticketList = defineList({
    search: TICKET_SEARCH,
    // No sort in the ticket lists' contract: the order of purchase, stable by ticket id.
    sort: { fields: {}, default: TICKET_ORDER, tieBreaker: tickets.id },
    rows: (window: PageWindow) => paged(ticketsFrom(db), window) as Promise<TicketRowData[]>,
    // Each ticket counted is a probe of its order: past a few pages the planner's estimate.
    count: (where, upTo) => countUpTo(db, ticketsCounted(db, where), upTo),
    estimate: (where) => estimateRows(db, ticketsCounted(db, where)),
    total: 'estimated',
    items: (rows: TicketRowData[]) => rows.map(toTicketRow),
  });

  return {
    /** organizer-booking-list: every order of every event the actor may read. */
    organizerOrders: async (actor: Actor, query: OrderListQuery, zone: string) =>
      orders(query, [await resolvedOrderScope(db, actor), ...orderFilters(query, zone)]),

    /** organizer-event-booking-list: the orders of one (already authorized) event. */
    eventOrders: (query: EventOrderListQuery, zone: string) => orders(query, orderFilters(query, zone)),

    /** organizer-booking-ticket-list */
    bookingTickets: (query: BookingTicketQuery) =>
      ticketList(query, [eq(tickets.bookingId, query.bookingId), ...ticketFilters(query)]),

    /** organizer-event-booking-ticket-list */
    eventTickets: (query: EventTicketQuery) => ticketList(query, eventTicketFilters(query)),

    /** event-attendees-list: the event's tickets, each with whether it was checked in. */
    async attendees(query: EventTicketQuery) {
      const page = await ticketList(query, eventTicketFilters(query));
      return {
        ...page,
        items: page.items.map((t): AttendeeRow => ({ ...t, checkedIn: t.scannedAt !== null })),
      };
    },

    /**
     * view-ticket-list: the chosen tickets (by ticket or order ids) of one event. Ids of other events, or
     * that do not exist, are simply not in the answer.
     */
    async viewTickets(query: { eventId: string; ticketIds?: string; bookingIds?: string }) {
      const ticketIds = parseIdList(query.ticketIds, 'ticketIds') ?? [];
      const bookingIds = parseIdList(query.bookingIds, 'bookingIds') ?? [];
      if (!ticketIds.length && !bookingIds.length) {
        const message = emptySelectionMessage('view ticket');
        throw badRequest(message, [{ field: 'ticketIds', message }]);
      }
      const chosen: SQL[] = [];
      if (ticketIds.length) chosen.push(inArray(tickets.id, ticketIds));
      if (bookingIds.length) chosen.push(inArray(tickets.bookingId, bookingIds));
      const rows = (await ticketsFrom(db)
        .where(and(eq(tickets.eventId, query.eventId), or(...chosen)))
        .orderBy(...TICKET_ORDER, tickets.id)) as TicketRowData[];
      return rows.map(toTicketRow) satisfies TicketRow[];
    },
  };
}

export type OrderLists = ReturnType<typeof createOrderLists>;
