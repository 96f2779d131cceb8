import type { organizerBookingList, organizerEventBookingList } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, type PageWindow, paged } from '../../../db/list.js';
import { bookings } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import {
  ORDER_DEFAULT_KEYS,
  ORDER_SEARCH,
  ORDER_SORT,
  type OrderRowData,
  orderFilters,
  ordersFrom,
  resolvedOrderScope,
  toOrderSummary,
} from '../../order-reads/index.js';

type OrderListQuery = z.output<(typeof organizerBookingList)['query']>;
type EventOrderListQuery = z.output<(typeof organizerEventBookingList)['query']>;

/**
 * The organizer's order lists: one SELECT for the page and one COUNT (lib/list.ts), the seat count on
 * the order's own row, so no query per row. The event list was resolved by its access declaration (the
 * route's `event: 'read'`); the cross-event list is scoped here.
 */
export function createOrderLists(db: Db) {
  const orders = defineList({
    search: ORDER_SEARCH,
    sort: ORDER_SORT,
    rows: (window: PageWindow) => paged(ordersFrom(db), window) as Promise<OrderRowData[]>,
    // Every filter and the scope are on bookings' own columns: no join to count.
    count: (where, upTo) =>
      countUpTo(db, db.select({ one: sql`1` }).from(bookings).where(where).$dynamic(), upTo),
    total: 'capped',
    // 1,000,000 orders on the administrator's list: page 5,000 costs what page 1 does.
    paging: 'keyset',
    keyset: { table: bookings, defaultKeys: ORDER_DEFAULT_KEYS, anchorOf: (row: OrderRowData) => row.id },
    items: (rows: OrderRowData[]) => rows.map(toOrderSummary),
  });

  return {
    /** organizer-booking-list: every order of every event the actor may read. */
    organizerOrders: async (actor: Actor, query: OrderListQuery, zone: string) =>
      orders(query, [await resolvedOrderScope(db, actor), ...orderFilters(query, zone)]),

    /** organizer-event-booking-list: the orders of one (already authorized) event. */
    eventOrders: (query: EventOrderListQuery, zone: string) => orders(query, orderFilters(query, zone)),
  };
}
