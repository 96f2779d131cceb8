import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { SearchTarget } from '../../../db/list.js';
import { bookings, eventOccurrences, events, eventTicketTypes, tickets } from '../../../db/schema/index.js';
import { ORDER_SEARCH } from './orders.js';

/**
 * What the ticket lists, the attendee lists and the ticket exports share: the columns, the joins, the
 * search, the order and the filters (each ticket read with its order; the order's own are in orders.ts).
 */

/** One ticket with its order, type and date. */
export const ticketColumns = {
  id: tickets.id,
  bookingId: tickets.bookingId,
  bookingCode: bookings.code,
  ticketTypeName: eventTicketTypes.name,
  attendeeName: tickets.attendeeName,
  buyerName: bookings.buyerName,
  buyerEmail: bookings.buyerEmail,
  status: tickets.status,
  price: tickets.price,
  currency: bookings.currency,
  occurrenceId: eventOccurrences.id,
  occurrenceStartsAt: eventOccurrences.startsAt,
  scannedAt: tickets.scannedAt,
  code: tickets.code,
  eventTitle: events.title,
  eventTimeZone: events.timeZone,
  bookingCreatedAt: bookings.createdAt,
};

export type TicketColumns = typeof ticketColumns;

/**
 * What a ticket or attendee file writes (orders/export/columns.ts reads them by position): the list's
 * columns, in their order, less the order's and the date's ids, the order's time and the ticket code,
 * which a file leaves out on purpose (the code is what gets a person in), so it is not even read.
 */
const {
  bookingId: _bookingId,
  occurrenceId: _occurrenceId,
  code: _code,
  bookingCreatedAt: _bookingCreatedAt,
  ...fileColumns
} = ticketColumns;
export const ticketFileColumns = fileColumns;

export type TicketFileColumns = typeof ticketFileColumns;

/**
 * What a ticket list counts (capped or estimated): tickets ⋈ bookings only, since every ticket filter,
 * scope and search is on those two tables; the rows' other joins would only slow the count.
 */
export function ticketsCounted(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(where)
    .$dynamic();
}

/**
 * tickets ⋈ bookings ⋈ events ⋈ ticket type ⟕ occurrence: the FROM of every ticket query. `columns`:
 * the list's, or a file's (`ticketFileColumns`); `extra`: columns after them (an export's checkout
 * answers), read by position after them.
 */
export function ticketsFrom(
  db: DbOrTx,
  extra: Record<string, SQL> = {},
  columns: TicketColumns | TicketFileColumns = ticketColumns,
) {
  return db
    .select({ ...columns, ...extra })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, tickets.occurrenceId))
    .$dynamic();
}

/** Free text over tickets: the order's search plus the attendee's name. */
export const TICKET_SEARCH: SearchTarget[] = [...ORDER_SEARCH, tickets.attendeeName];

/** Tickets in order of purchase (newest order first), then as issued within an order. */
export const TICKET_ORDER: SQL[] = [desc(bookings.createdAt), asc(tickets.createdAt)];

export interface TicketFilterInput {
  status?: 'VALID' | 'CANCELLED' | 'REFUNDED';
  scanned?: 'true' | 'false';
  occurrenceId?: string;
}

export function ticketFilters(filters: TicketFilterInput): (SQL | undefined)[] {
  return [
    filters.status ? eq(tickets.status, filters.status) : undefined,
    filters.scanned === 'true' ? sql`${tickets.scannedAt} is not null` : undefined,
    filters.scanned === 'false' ? sql`${tickets.scannedAt} is null` : undefined,
    filters.occurrenceId ? eq(tickets.occurrenceId, filters.occurrenceId) : undefined,
  ];
}
