import type { getScanHistory, ScanHistoryItem } from '@marquee/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { bookings, scans, tickets, users } from '../../../db/schema/index.js';
import { countUpTo, defineList, type Page, type PageWindow, paged } from '../../../lib/list.js';
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
  const list = defineList({
    search: HISTORY_SEARCH,
    sort: HISTORY_SORT,
    rows: (window: PageWindow) => paged(historyFrom(db), window) as Promise<HistoryRow[]>,
    // The joins of historyCountFrom, counted up to the cap (a busy event scans tens of thousands).
    count: (where, upTo) =>
      countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(scans)
          .leftJoin(tickets, eq(tickets.id, scans.ticketId))
          .leftJoin(bookings, eq(bookings.id, tickets.bookingId))
          .where(where)
          .$dynamic(),
        upTo,
      ),
    total: 'capped',
    items: (rows: HistoryRow[]) => rows.map(toHistoryItem),
  });

  async function scannersOf(eventId: string) {
    const rows = await db
      .selectDistinct({ id: users.id, name: sql<string>`${personName}` })
      .from(scans)
      .innerJoin(users, eq(users.id, scans.scannedBy))
      .where(and(eq(scans.eventId, eventId), isNotNull(scans.scannedBy)))
      .orderBy(asc(sql`${personName}`), asc(users.id));
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  return async (query: Query, zone: string): Promise<ScanHistoryPage> => {
    const [page, scanners] = await Promise.all([
      list(query, historyFilters(query)),
      scannersOf(query.eventId),
    ]);
    return { ...page, scanners, timeZone: zone };
  };
}
