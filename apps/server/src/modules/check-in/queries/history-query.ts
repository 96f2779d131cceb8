import type { ScanHistoryExportQuery, ScanHistoryFilters, ScanHistoryItem } from '@marquee/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import type { SearchTarget } from '../../../db/list.js';
import {
  bookings,
  eventOccurrences,
  eventTicketTypes,
  scans,
  tickets,
  users,
} from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';
import { ORDER_SEARCH } from '../../order-reads/index.js';
import { personName } from './people.js';

/**
 * What the history list and its export share (as the order lists and exports do): the columns, the
 * joins, the filters, the search and the order, so that a file holds exactly what the list showed.
 */

/** One history line, flat, so the export can read a cursor row by position. */
export const historyColumns = {
  id: scans.id,
  scannedAt: scans.scannedAt,
  receivedAt: scans.receivedAt,
  result: scans.result,
  source: scans.source,
  conflict: scans.conflict,
  occurrenceId: eventOccurrences.id,
  occurrenceStartsAt: eventOccurrences.startsAt,
  ticketId: tickets.id,
  attendeeName: tickets.attendeeName,
  buyerName: bookings.buyerName,
  ticketTypeName: eventTicketTypes.name,
  bookingCode: bookings.code,
  codeTail: scans.codeTail,
  scannerId: users.id,
  scannerName: personName,
  deviceId: scans.deviceId,
};

export interface HistoryRow {
  id: string;
  scannedAt: Date;
  receivedAt: Date;
  result: ScanHistoryItem['result'];
  source: ScanHistoryItem['source'];
  conflict: boolean;
  occurrenceId: string | null;
  occurrenceStartsAt: Date | null;
  ticketId: string | null;
  attendeeName: string | null;
  buyerName: string | null;
  ticketTypeName: string | null;
  bookingCode: string | null;
  codeTail: string | null;
  scannerId: string | null;
  scannerName: string | null;
  deviceId: string | null;
}

/** scans ⟕ ticket ⟕ order ⟕ type ⟕ date ⟕ scanner: the FROM of the history and its export. */
export function historyFrom(db: DbOrTx) {
  return db
    .select(historyColumns)
    .from(scans)
    .leftJoin(tickets, eq(tickets.id, scans.ticketId))
    .leftJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, scans.occurrenceId))
    .leftJoin(users, eq(users.id, scans.scannedBy))
    .$dynamic();
}

/** What the COUNT needs to apply the same filters and search (no scanner or date columns in them). */
export function historyCountFrom(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(scans)
    .leftJoin(tickets, eq(tickets.id, scans.ticketId))
    .leftJoin(bookings, eq(bookings.id, tickets.bookingId))
    .$dynamic();
}

/**
 * Free text over the history: attendee, buyer name and email, order code, device, and the end of a
 * code that matched nothing (only its tail is kept).
 */
export const HISTORY_SEARCH: SearchTarget[] = [
  tickets.attendeeName,
  // The order's code, buyer name and email through their one trigram index (bookingSearchText).
  ...ORDER_SEARCH,
  scans.deviceId,
  scans.codeTail,
];

/** Newest first by default; `scannedAt` turns it round. Stable by the scan's id. */
export const HISTORY_SORT = {
  fields: { scannedAt: scans.scannedAt },
  default: [desc(scans.scannedAt)],
  tieBreaker: scans.id,
};

type Filters = Omit<z.output<typeof ScanHistoryFilters>, 'page' | 'limit'> &
  Partial<Pick<z.output<typeof ScanHistoryExportQuery>, 'format'>>;

/** The filters of the history screen, over `scans`; `to` before `from` is a 400 on `to`. */
export function historyFilters(filters: Filters): (SQL | undefined)[] {
  if (filters.from && filters.to && new Date(filters.to) < new Date(filters.from)) {
    throw badRequest('The end time is before the start time.', [
      { field: 'to', message: 'Choose an end time on or after the start time' },
    ]);
  }
  return [
    eq(scans.eventId, filters.eventId),
    filters.occurrenceId ? eq(scans.occurrenceId, filters.occurrenceId) : undefined,
    filters.result ? eq(scans.result, filters.result) : undefined,
    filters.source ? eq(scans.source, filters.source) : undefined,
    filters.scannerId ? eq(scans.scannedBy, filters.scannerId) : undefined,
    filters.conflict ? eq(scans.conflict, filters.conflict === 'true') : undefined,
    filters.from
      ? sql`${scans.scannedAt} >= ${new Date(filters.from).toISOString()}::timestamptz`
      : undefined,
    filters.to ? sql`${scans.scannedAt} <= ${new Date(filters.to).toISOString()}::timestamptz` : undefined,
  ];
}

/** A history row as the contract's item. */
export function toHistoryItem(row: HistoryRow): ScanHistoryItem {
  return {
    _id: row.id,
    scannedAt: new Date(row.scannedAt).toISOString(),
    receivedAt: new Date(row.receivedAt).toISOString(),
    result: row.result,
    source: row.source,
    conflict: row.conflict,
    occurrence:
      row.occurrenceId && row.occurrenceStartsAt
        ? { _id: row.occurrenceId, startsAt: new Date(row.occurrenceStartsAt).toISOString() }
        : null,
    ticket: row.ticketId
      ? {
          _id: row.ticketId,
          attendeeName: row.attendeeName,
          buyerName: row.buyerName ?? '',
          ticketTypeName: row.ticketTypeName ?? '',
          bookingCode: row.bookingCode ?? '',
        }
      : null,
    codeTail: row.codeTail,
    scanner: row.scannerId ? { _id: row.scannerId, name: row.scannerName ?? '' } : null,
    deviceId: row.deviceId,
  };
}
