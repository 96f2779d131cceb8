import type { getScanHistory, ScanHistoryItem } from '@marquee/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, estimateRows, type Page, type PageWindow, paged } from '../../../db/list.js';
import { bookings, scans, tickets, users } from '../../../db/schema/index.js';
import { dateOfEventOrRefuse } from './event-date.js';
import {
  HISTORY_SEARCH,
  HISTORY_SORT,
  type HistoryRow,
  historyFilters,
  historyFrom,
  toHistoryItem,
} from './history-query.js';
import { personName } from './people.js';

type Query = z.output<(typeof getScanHistory)['query']>;

export interface ScanHistoryPage extends Page<ScanHistoryItem> {
  scanners: { _id: string; name: string }[];
  timeZone: string;
}

/**
 * `get-scan-history`: the event's scans and manual marks, newest first, on scans_event_time_idx; with
 * the people who scanned the event (for the scanner filter) and the event's zone the screen shows
 * times in.
 */
export function createScanHistory(db: Db) {
  // The filters are on scans alone: only a search needs the ticket and order joins of historyCountFrom.
  function historyCounted(where: SQL | undefined, searching: boolean) {
    const history = db.select({ one: sql`1` }).from(scans);
    const counted = searching
      ? history
          .leftJoin(tickets, eq(tickets.id, scans.ticketId))
          .leftJoin(bookings, eq(bookings.id, tickets.bookingId))
          .where(where)
      : history.where(where);
    return counted.$dynamic();
  }

  const list = defineList({
    search: HISTORY_SEARCH,
    sort: HISTORY_SORT,
    rows: (window: PageWindow) => paged(historyFrom(db), window) as Promise<HistoryRow[]>,
    // A busy event scans tens of thousands: counted up to a few pages, then the planner's estimate.
    count: (where, upTo, searching) => countUpTo(db, historyCounted(where, searching), upTo),
    estimate: (where, searching) => estimateRows(db, historyCounted(where, searching)),
    total: 'estimated',
    items: (rows: HistoryRow[]) => rows.map(toHistoryItem),
  });

  /**
   * The people who scanned the event, each once. The event's scans are read as a loose index scan on
   * scans_event_scanner_idx (migration 0017): one probe for the next scanner after the last, so the cost
   * follows the few scanners, not the event's tens of thousands of scans (a DISTINCT over them took
   * 30–40 ms at 57,000 scans).
   */
  async function scannersOf(eventId: string) {
    const next = (after: SQL | undefined) =>
      sql`select ${scans.scannedBy} from ${scans} where ${scans.eventId} = ${eventId} and ${scans.scannedBy} ${after ? sql`> ${after}` : sql`is not null`} order by ${scans.scannedBy} limit 1`;
    const scannerIds = sql`with recursive scanner (id) as ((${next(undefined)}) union all select (${next(sql`scanner.id`)}) from scanner where scanner.id is not null) select id from scanner where id is not null`;
    const rows = await db
      .select({ id: users.id, name: sql<string>`${personName}` })
      .from(users)
      .where(sql`${users.id} in (${scannerIds})`)
      .orderBy(asc(sql`${personName}`), asc(users.id));
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  return async (query: Query, zone: string): Promise<ScanHistoryPage> => {
    // A date filter of another event would only match nothing; it is still the caller's mistake.
    if (query.occurrenceId) await dateOfEventOrRefuse(db, query.eventId, query.occurrenceId);
    const [page, scanners] = await Promise.all([
      list(query, historyFilters(query)),
      scannersOf(query.eventId),
    ]);
    return { ...page, scanners, timeZone: zone };
  };
}
