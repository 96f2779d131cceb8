import type { eventRegisteredUsers, RegisteredUser } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Page } from '../../../db/list.js';
import { searchWhere } from '../../../db/list.js';
import { bookings } from '../../../db/schema/index.js';
import { bookingSearchText } from '../../../db/search-text.js';

type Buyer = z.infer<typeof RegisteredUser>;
type Query = z.output<(typeof eventRegisteredUsers)['query']>;

const person = sql`lower(${bookings.buyerEmail})`;
const seats = bookings.seats;

/**
 * event-registered-users: the people with confirmed orders for an event, one row per email address
 * (case-insensitive), named as on their latest order. One grouped SELECT for the page, one COUNT.
 */
export async function eventBuyers(db: Db, query: Query): Promise<Page<Buyer>> {
  const where = and(
    eq(bookings.eventId, query.eventId),
    eq(bookings.status, 'CONFIRMED'),
    // Through the order's searchable text and its trigram index (bookingSearchText).
    searchWhere(query.search, [
      { within: bookingSearchText, columns: [bookings.buyerName, bookings.buyerEmail] },
    ]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        email: sql<string>`(array_agg(${bookings.buyerEmail} order by ${bookings.createdAt} desc, ${bookings.id} desc))[1]`,
        name: sql<string>`(array_agg(${bookings.buyerName} order by ${bookings.createdAt} desc, ${bookings.id} desc))[1]`,
        userId: sql<
          string | null
        >`(array_agg(${bookings.buyerUserId} order by ${bookings.createdAt} desc, ${bookings.id} desc) filter (where ${bookings.buyerUserId} is not null))[1]`,
        bookings: sql<number>`count(*)::int`,
        tickets: sql<number>`coalesce(sum(${seats}), 0)::int`,
        lastBookedAt: sql<Date>`max(${bookings.createdAt})`.mapWith(bookings.createdAt),
      })
      .from(bookings)
      .where(where)
      .groupBy(person)
      .orderBy(sql`max(${bookings.createdAt}) desc`, person)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(distinct ${person})::int` })
      .from(bookings)
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, lastBookedAt: row.lastBookedAt.toISOString() })),
    total: counted?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}
