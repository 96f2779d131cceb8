import type { OrganizerListItem, UserListFilters } from '@marquee/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, type PageInput, paged } from '../../../db/list.js';
import { bookings, events, organizations, users } from '../../../db/schema/index.js';
import {
  toUserItem,
  USER_SEARCH,
  USER_SORT,
  type UserRowData,
  userFilters,
  usersCounted,
  usersFrom,
} from './user-rows.js';

type UserListInput = PageInput & z.output<typeof UserListFilters>;

/** get-user-list and get-organizer-list (docs/user-management.md): the administrators' user lists. */
export function createUserLists(db: Db) {
  const userList = defineList({
    search: USER_SEARCH,
    sort: USER_SORT,
    rows: (window) => paged(usersFrom(db), window) as Promise<UserRowData[]>,
    count: (where, upTo) => countUpTo(db, usersCounted(db).where(where), upTo),
    total: 'capped',
    items: (rows) => rows.map(toUserItem),
  });

  const organizerList = defineList({
    search: USER_SEARCH,
    sort: USER_SORT,
    rows: (window) => paged(usersFrom(db), window) as Promise<UserRowData[]>,
    count: (where, upTo) => countUpTo(db, usersCounted(db).where(where), upTo),
    total: 'capped',
    items: async (rows): Promise<OrganizerListItem[]> => {
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const [owned, eventCounts, sales] = await Promise.all([
        db
          .select({ id: organizations.id, name: organizations.name, ownerId: organizations.ownerId })
          .from(organizations)
          .where(inArray(organizations.ownerId, ids))
          .orderBy(asc(organizations.name), asc(organizations.id)),
        db
          .select({ ownerId: organizations.ownerId, n: sql<number>`count(${events.id})::int` })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .where(inArray(organizations.ownerId, ids))
          .groupBy(organizations.ownerId),
        db
          .select({
            ownerId: organizations.ownerId,
            currency: bookings.currency,
            gross: sql<number>`coalesce(sum(${bookings.total}), 0)::bigint`.mapWith(Number),
          })
          .from(bookings)
          .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
          .where(and(inArray(organizations.ownerId, ids), eq(bookings.status, 'CONFIRMED')))
          .groupBy(organizations.ownerId, bookings.currency)
          .orderBy(asc(bookings.currency)),
      ]);
      return rows.map((row) => ({
        ...toUserItem(row),
        organizations: owned.filter((o) => o.ownerId === row.id).map((o) => ({ _id: o.id, name: o.name })),
        eventCount: eventCounts.find((e) => e.ownerId === row.id)?.n ?? 0,
        sales: sales
          .filter((s) => s.ownerId === row.id)
          .map((s) => ({ currency: s.currency, grossSales: s.gross })),
      }));
    },
  });

  return {
    users: (query: UserListInput) => userList(query, userFilters(query)),
    organizers: (query: PageInput & { status?: 'ACTIVE' | 'BLOCKED' }) =>
      organizerList(query, [eq(users.organizerRequest, 'APPROVED'), ...userFilters(query)]),
  };
}
