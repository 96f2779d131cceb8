import type {
  AttendeeRow as AttendeeRowSchema,
  organizerBookingTicketList,
  organizerEventBookingTicketList,
} from '@marquee/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, estimateRows, type PageWindow, paged } from '../../../db/list.js';
import { bookings, tickets } from '../../../db/schema/index.js';
import {
  TICKET_ORDER,
  TICKET_SEARCH,
  type TicketRowData,
  ticketFilters,
  ticketsCounted,
  ticketsFrom,
  toTicketRow,
} from '../../order-reads/index.js';

type AttendeeRow = z.infer<typeof AttendeeRowSchema>;
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
 * The organizer's ticket and attendee lists: one SELECT for the page and one COUNT (lib/list.ts). The
 * order or event was resolved by the route's access declaration.
 */
export function createTicketLists(db: Db) {
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
  };
}
