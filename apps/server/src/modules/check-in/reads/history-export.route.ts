import {
  SCAN_HISTORY_EXPORT_PATH,
  SCAN_RESULT_LABELS,
  SCAN_SOURCE_LABELS,
  ScanHistoryExportQuery,
} from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderBy, searchWhere } from '../../../db/list.js';
import type { Clock } from '../../../lib/clock.js';
import type { Cell } from '../../../lib/export/cells.js';
import { timeCell } from '../../../lib/export/cells.js';
import { rowObject } from '../../../lib/export/cursor.js';
import { fileSlug, sendExport } from '../../../lib/export/send-export.js';
import { requireEventDate } from '../event-date.js';
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
  'Scanned by',
  'Device',
  'Source',
  'Conflict',
  'Code ending',
];
const KEYS = Object.keys(historyColumns);

/** One history line as cells; times on the event's clock, with the zone named (orders/export/cells.ts). */
function cells(row: HistoryRow, zone: string): Cell[] {
  return [
    timeCell(row.scannedAt, zone),
    SCAN_RESULT_LABELS[row.result],
    row.attendeeName ?? row.buyerName,
    row.ticketTypeName,
    row.bookingCode,
    row.buyerName,
    timeCell(row.occurrenceStartsAt, zone),
    row.scannerName,
    row.deviceId,
    SCAN_SOURCE_LABELS[row.source],
    row.conflict ? 'Yes' : 'No',
    row.codeTail,
  ];
}

/**
 * GET SCAN_HISTORY_EXPORT_PATH (docs/check-in.md): the history of the screen's filters as a CSV or
 * XLSX file, streamed from a cursor like the order exports. Registered by hand because the answer is a
 * file; its access declaration resolves the event at `scan` level (anyone else 404) like the list's.
 */
export function historyExportRoute(app: FastifyInstance, db: Db, clock: Clock) {
  app.get(
    SCAN_HISTORY_EXPORT_PATH,
    {
      config: { access: { event: 'scan', from: 'query.eventId' } },
      // A HEAD would run the whole export for nothing.
      exposeHeadRoute: false,
      schema: {
        summary: "Export an event's scan history (CSV or XLSX), streamed; x-total-rows gives the count",
        tags: ['Check-in'],
        querystring: ScanHistoryExportQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const event = request.resolved?.event?.event;
      if (!event) throw new Error('the scan history export ran without its event');
      const zone = event.timeZone ?? 'UTC';
      if (query.occurrenceId) await requireEventDate(db, query.eventId, query.occurrenceId);
      const where = and(searchWhere(query.search, HISTORY_SEARCH), ...historyFilters(query));
      const order = orderBy(query.sort, HISTORY_SORT.fields, HISTORY_SORT.default, HISTORY_SORT.tieBreaker);
      return sendExport(request, reply, {
        count: historyCountFrom(db).where(where).toSQL(),
        select: historyFrom(db)
          .where(where)
          .orderBy(...order)
          .toSQL(),
        format: query.format,
        fileName: `scan-history-${fileSlug(event.slug ?? event.title)}-${formatInZone(clock.now(), 'yyyy-MM-dd', zone)}`,
        sheetName: 'Scan history',
        headers: HEADERS,
        cells: (values) => cells(rowObject(KEYS, values) as unknown as HistoryRow, zone),
      });
    },
  );
}
