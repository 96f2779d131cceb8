import { EXPORT_PATH, ExportQuery } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderBy, searchWhere } from '../../../db/list.js';
import { bookings, events, tickets } from '../../../db/schema/index.js';
import { requireEvent } from '../../../lib/access/event-access.query.js';
import type { Actor } from '../../../lib/access/index.js';
import { callerTimeZone } from '../../../lib/caller-zone.js';
import type { Statement } from '../../../lib/export/cursor.js';
import { rowObject } from '../../../lib/export/cursor.js';
import { fileSlug, sendExport } from '../../../lib/export/send-export.js';
import {
  bookingIn,
  ORDER_SEARCH,
  ORDER_SORT,
  orderFilters,
  orderScope,
  ordersFrom,
  parseIdList,
  TICKET_ORDER,
  TICKET_SEARCH,
  ticketsFrom,
} from '../../order-reads/index.js';
import { EXPORT_LAYOUTS } from './columns.js';

type Query = z.output<typeof ExportQuery>;

/**
 * The statements of one export: its COUNT and its SELECT, with the lists' scope, filters and order.
 * Exported for the export benchmark, which streams the same SELECT through a plain client as its raw figure.
 */
export function exportStatements(
  db: Db,
  actor: Actor,
  query: Query,
  zone: string,
): { count: Statement; select: Statement } {
  const orders = query.kind === 'orders';
  const where = and(
    orderScope(actor),
    ...orderFilters(query, zone),
    bookingIn(parseIdList(query.bookingIds, 'bookingIds')),
    searchWhere(query.search, orders ? ORDER_SEARCH : TICKET_SEARCH),
  );
  const n = { n: sql<number>`count(*)::int` };
  if (orders) {
    const order = orderBy(query.sort, ORDER_SORT.fields, ORDER_SORT.default, ORDER_SORT.tieBreaker);
    return {
      count: db
        .select(n)
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(where)
        .toSQL(),
      select: ordersFrom(db)
        .where(where)
        .orderBy(...order)
        .toSQL(),
    };
  }
  const order: SQL[] = orderBy(query.sort, ORDER_SORT.fields, TICKET_ORDER, tickets.id);
  return {
    count: db
      .select(n)
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(where)
      .toSQL(),
    select: ticketsFrom(db)
      .where(where)
      .orderBy(...order)
      .toSQL(),
  };
}

/**
 * GET /api/v1/organizer/export (beyond the spec; docs/selling.md "Orders and exports"): the orders,
 * tickets or attendees of the lists' filters as a CSV or XLSX file. Registered by hand because the
 * answer is a file, not the JSON envelope; it declares its access like every /api route.
 *
 * Streamed: rows come from a database cursor in batches of EXPORT_BATCH_ROWS and are written as they
 * come, waiting whenever the download is behind, so memory stays flat whatever the row count (no cap).
 * `x-total-rows` (counted in the same snapshot) lets the console show progress.
 */
export function exportRoute(app: FastifyInstance, db: Db) {
  app.get(
    EXPORT_PATH,
    {
      config: { access: 'console' },
      // A HEAD would run the whole export for nothing: the console asks for the file itself.
      exposeHeadRoute: false,
      schema: {
        summary: 'Export orders, tickets or attendees (CSV or XLSX), streamed; x-total-rows gives the count',
        tags: ['Orders'],
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const actor = request.actor as Actor;
      const query = request.query as Query;
      const zone = callerTimeZone(request, actor);
      // An event named explicitly must be one the caller may read: 404 otherwise, as on the lists.
      const event = query.eventId ? (await requireEvent(db, actor, query.eventId, 'read')).event : null;
      const { count, select } = exportStatements(db, actor, query, zone);
      const layout = EXPORT_LAYOUTS[query.kind];
      return sendExport(request, reply, {
        count,
        select,
        format: query.format,
        fileName: `${query.kind}-${event ? fileSlug(event.slug ?? event.title) : 'all-events'}-${formatInZone(new Date(), 'yyyy-MM-dd', zone)}`,
        sheetName: query.kind,
        headers: layout.headers,
        cells: (values) => layout.cells(rowObject(layout.keys, values)),
      });
    },
  );
}
