import { SCAN_RESULT_LABELS, SCAN_SOURCE_LABELS, type ScanHistoryExportQuery } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderBy, searchWhere } from '../../../db/list.js';
import type { EventRow } from '../../../db/schema/index.js';
import { type Cell, timeCell } from '../../../lib/export/cells.js';
import { rowObject } from '../../../lib/export/cursor.js';
import { type ExportFile, fileSlug } from '../../../lib/export/send-export.js';
import { dateOfEventOrRefuse } from './event-date.js';
import {
  HISTORY_SEARCH,
  HISTORY_SORT,
  type HistoryRow,
  historyColumns,
  historyCountFrom,
  historyFilters,
  historyFrom,
} from './history-query.js';

type Query = z.output<typeof ScanHistoryExportQuery>;

const HEADERS = [
  'Time',
  'Result',
  'Attendee',
  'Ticket type',
  'Order code',
  'Buyer name',
  'Date',
  'Time zone',
  'Scanned by',
  'Device',
  'Source',
  'Conflict',
  'Code ending',
];
const KEYS = Object.keys(historyColumns);

/** One history line as cells; times on the event's clock, the zone in its own column (lib/export/cells.ts). */
function cells(row: HistoryRow, zone: string): Cell[] {
  return [
    timeCell(row.scannedAt, zone),
    SCAN_RESULT_LABELS[row.result],
    row.attendeeName ?? row.buyerName,
    row.ticketTypeName,
    row.bookingCode,
    row.buyerName,
    timeCell(row.occurrenceStartsAt, zone),
    zone,
    row.scannerName,
    row.deviceId,
    SCAN_SOURCE_LABELS[row.source],
    row.conflict ? 'Yes' : 'No',
    row.codeTail,
  ];
}

/**
 * The scan history of the screen's filters as an export (count, cursor statement, file name, cells):
 * the same columns, joins, filters, search and order as the list (history-query.ts), so the file holds
 * exactly what the list showed.
 */
export async function scanHistoryExport(
  db: Db,
  event: Pick<EventRow, 'title' | 'slug' | 'timeZone'>,
  query: Query,
  now: Date,
): Promise<ExportFile> {
  const zone = event.timeZone ?? 'UTC';
  if (query.occurrenceId) await dateOfEventOrRefuse(db, query.eventId, query.occurrenceId);
  const where = and(searchWhere(query.search, HISTORY_SEARCH), ...historyFilters(query));
  const order = orderBy(query.sort, HISTORY_SORT.fields, HISTORY_SORT.default, HISTORY_SORT.tieBreaker);
  return {
    count: historyCountFrom(db).where(where).toSQL(),
    select: historyFrom(db)
      .where(where)
      .orderBy(...order)
      .toSQL(),
    format: query.format,
    fileName: `scan-history-${fileSlug(event.slug ?? event.title)}-${formatInZone(now, 'yyyy-MM-dd', zone)}`,
    sheetName: 'Scan history',
    headers: HEADERS,
    cells: (values) => cells(rowObject(KEYS, values) as unknown as HistoryRow, zone),
  };
}
