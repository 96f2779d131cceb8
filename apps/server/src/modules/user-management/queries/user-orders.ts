import type { BookingStatus } from '@marquee/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { defineList, type PageInput, paged } from '../../../db/list.js';
import { bookings, events } from '../../../db/schema/index.js';
import { ORDER_SEARCH, type OrderRowData, ordersFrom, toOrderSummary } from '../../order-reads/index.js';
import { requireUser } from './require-user.js';

/** get-user-booking-list: the orders a user placed as a buyer, searchable by code, buyer and event. */
export function createUserOrderList(db: Db) {
  const bookingList = defineList({
    search: [...ORDER_SEARCH, events.title],
    sort: {
      fields: { createdAt: bookings.createdAt, total: bookings.total, code: bookings.code },
      default: [desc(bookings.createdAt)],
      tieBreaker: bookings.id,
    },
    rows: (window) => paged(ordersFrom(db), window) as Promise<OrderRowData[]>,
    count: async (where) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .innerJoin(events, eq(events.id, bookings.eventId))
          .where(where)
      )[0]?.n ?? 0,
    items: (rows) => rows.map(toOrderSummary),
  });

  return async (query: PageInput & { userId: string; status?: BookingStatus }) => {
    await requireUser(db, query.userId);
    const filters: (SQL | undefined)[] = [
      eq(bookings.buyerUserId, query.userId),
      query.status ? eq(bookings.status, query.status) : undefined,
    ];
    return bookingList(query, filters);
  };
}
