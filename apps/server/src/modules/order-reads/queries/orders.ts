import type { BookingStatus } from '@marquee/contract';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { type SearchTarget, searchWhere } from '../../../db/list.js';
import { keysToOrder, type SortKey } from '../../../db/list-keyset.js';
import { bookings, eventOccurrences, events, organizations } from '../../../db/schema/index.js';
import { bookingSearchText } from '../../../db/search-text.js';
import type { Actor } from '../../../lib/access/index.js';
import { eventScope, resolvedEventScope } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';

/**
 * What the order lists and the order exports share: the columns they read, the joins, the
 * scope and the filters. Lists page these queries; exports stream the very same ones from a cursor, so
 * a file always holds exactly what the list showed.
 */

/** One order with what its list row shows; flat, so an export can read the columns by position. */
export const orderColumns = {
  id: bookings.id,
  code: bookings.code,
  status: bookings.status,
  buyerName: bookings.buyerName,
  buyerEmail: bookings.buyerEmail,
  buyerUserId: bookings.buyerUserId,
  eventId: events.id,
  eventTitle: events.title,
  eventKind: events.kind,
  eventTimeZone: events.timeZone,
  organizationId: organizations.id,
  organizationName: organizations.name,
  occurrenceId: eventOccurrences.id,
  occurrenceStartsAt: eventOccurrences.startsAt,
  // Seats chosen (tickets exist only once confirmed), kept on the order's row (bookings.seats).
  ticketCount: bookings.seats,
  currency: bookings.currency,
  subtotal: bookings.subtotal,
  serviceFee: bookings.serviceFee,
  total: bookings.total,
  refunded: bookings.refunded,
  createdAt: bookings.createdAt,
  confirmedAt: bookings.confirmedAt,
  // Last: exports read the columns by position, and later columns add to the end.
  promoCode: bookings.promoCode,
  discount: bookings.discount,
};

export type OrderColumns = typeof orderColumns;

/**
 * What an orders file writes (orders/export/columns.ts reads them by position): the list's columns, in
 * their order, less the ids and the event's kind, which no file shows. A million-order export reads six
 * fewer values a row, five of them uuids.
 */
const {
  id: _orderId,
  buyerUserId: _buyerUserId,
  eventId: _eventId,
  eventKind: _eventKind,
  organizationId: _organizationId,
  occurrenceId: _occurrenceId,
  ...fileColumns
} = orderColumns;
export const orderFileColumns = fileColumns;

export type OrderFileColumns = typeof orderFileColumns;

/**
 * bookings ⋈ events ⋈ organizations ⟕ occurrence: the FROM of every order query. `columns`: the list's,
 * or a file's (`orderFileColumns`); `extra`: columns after them (an export's checkout answers), read by
 * position after them.
 */
export function ordersFrom(
  db: DbOrTx,
  extra: Record<string, SQL> = {},
  columns: OrderColumns | OrderFileColumns = orderColumns,
) {
  return db
    .select({ ...columns, ...extra })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, bookings.occurrenceId))
    .$dynamic();
}

/**
 * Free text over an order: its code, the buyer's name or email (ILIKE, wildcards taken literally), through
 * the order's searchable text and its trigram index.
 */
export const ORDER_SEARCH: SearchTarget[] = [
  { within: bookingSearchText, columns: [bookings.code, bookings.buyerName, bookings.buyerEmail] },
];

/** Newest first; the keys of the order lists' keyset paging (bookings_created_idx and its kin). */
export const ORDER_DEFAULT_KEYS: SortKey[] = [{ expr: bookings.createdAt, descending: true }];

export const ORDER_SORT = {
  // Every field NOT NULL: the order lists page by keyset.
  fields: {
    createdAt: bookings.createdAt,
    total: bookings.total,
    code: bookings.code,
    buyerName: bookings.buyerName,
  },
  default: keysToOrder(ORDER_DEFAULT_KEYS),
  tieBreaker: bookings.id,
};

export interface OrderFilterInput {
  organizationId?: string;
  eventId?: string;
  occurrenceId?: string;
  status?: BookingStatus;
  from?: string;
  to?: string;
}

/** An order's own copy of its event and organization ids (an event never changes organization). */
const ORDER_EVENT = { eventId: bookings.eventId, organizationId: bookings.organizationId };

/**
 * The orders an actor may read: their events minus those they only scan; administrators all. On the
 * order's own event and organization ids, so counting orders needs no join.
 */
export function orderScope(actor: Actor): SQL | undefined {
  return eventScope(actor, 'manage', ORDER_EVENT);
}

/** `orderScope` with the actor's organizations and events read first (the order lists: `resolvedEventScope`). */
export function resolvedOrderScope(db: DbOrTx, actor: Actor): Promise<SQL | undefined> {
  return resolvedEventScope(db, actor, 'manage', ORDER_EVENT);
}

/**
 * Orders placed on the calendar dates `from`..`to` (inclusive), each date read in the caller's zone:
 * a Sydney organizer asking for the 5th gets the orders of the 5th in Sydney.
 */
export function createdBetween(
  from: string | undefined,
  to: string | undefined,
  zone: string,
  /** The instant compared (another list's creation time, e.g. a refund request's). */
  column: AnyColumn = bookings.createdAt,
) {
  // The contract's date format accepts year 0000, which PostgreSQL has no date for.
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value && value < '0001-01-01') {
      throw badRequest('Choose a real date.', [{ field, message: 'Choose a real date' }]);
    }
  }
  if (from && to && to < from) {
    throw badRequest('The end date is before the start date.', [
      { field: 'to', message: 'Choose an end date on or after the start date' },
    ]);
  }
  return and(
    from ? sql`${column} >= (${from}::date::timestamp at time zone ${zone})` : undefined,
    to ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${zone})` : undefined,
  );
}

/** The list filters of the orders screens, over bookings (shared by orders, tickets and attendees). */
export function orderFilters(filters: OrderFilterInput, zone: string): (SQL | undefined)[] {
  return [
    filters.organizationId ? eq(bookings.organizationId, filters.organizationId) : undefined,
    filters.eventId ? eq(bookings.eventId, filters.eventId) : undefined,
    filters.occurrenceId ? eq(bookings.occurrenceId, filters.occurrenceId) : undefined,
    filters.status ? eq(bookings.status, filters.status) : undefined,
    createdBetween(filters.from, filters.to, zone),
  ];
}

export { searchWhere };

const Id = z.uuid();

/**
 * A comma-separated list of ids (a bulk selection in a query string). Blanks are skipped; anything that
 * is not an id is the caller's mistake, named on its field. Undefined when nothing was given.
 */
export function parseIdList(value: string | undefined, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (ids.some((id) => !Id.safeParse(id).success)) {
    throw badRequest('The selection names something that is not an id.', [
      { field, message: 'Give ids separated by commas' },
    ]);
  }
  return ids;
}

/** `bookings.id in (…)`; an empty selection matches nothing. */
export function bookingIn(ids: string[] | undefined): SQL | undefined {
  if (!ids) return undefined;
  return ids.length ? inArray(bookings.id, ids) : sql`false`;
}
