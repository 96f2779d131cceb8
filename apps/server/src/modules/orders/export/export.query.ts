import type { ExportQuery } from '@marquee/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderBy, searchWhere } from '../../../db/list.js';
import { bookings, tickets } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import type { Statement } from '../../../lib/export/cursor.js';
import {
  bookingIn,
  ORDER_SEARCH,
  ORDER_SORT,
  orderFileColumns,
  orderFilters,
  orderScope,
  ordersFrom,
  parseIdList,
  TICKET_ORDER,
  TICKET_SEARCH,
  ticketFileColumns,
  ticketsFrom,
} from '../../order-reads/index.js';

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
  /** Columns after the layout's (one event's checkout answers). */
  extra: Record<string, SQL> = {},
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
      // Every filter and the scope are on bookings' own columns, and every order has its event and
      // organization: counted without the joins (as the order lists count), an index-only count.
      count: db.select(n).from(bookings).where(where).toSQL(),
      select: ordersFrom(db, extra, orderFileColumns)
        .where(where)
        .orderBy(...order)
        .toSQL(),
    };
  }
  const order: SQL[] = orderBy(query.sort, ORDER_SORT.fields, TICKET_ORDER, tickets.id);
  return {
    // tickets ⋈ bookings holds every filter, the scope and the search (as the ticket lists count).
    count: db
      .select(n)
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .where(where)
      .toSQL(),
    select: ticketsFrom(db, extra, ticketFileColumns)
      .where(where)
      .orderBy(...order)
      .toSQL(),
  };
}
