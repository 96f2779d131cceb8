import type { CreatedEventItem, EventStatus } from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { defineList, type PageInput, paged } from '../../../db/list.js';
import { bookings, events, organizations, tickets } from '../../../db/schema/index.js';
import { requireUser } from './require-user.js';

/** get-organizer-created-event-list: the events of the organizations a user owns, with their sales. */
export function createCreatedEventList(db: Db) {
  const createdEventList = defineList({
    search: [events.title, organizations.name],
    sort: {
      fields: { startsAt: events.startsAt, title: sql`lower(${events.title})`, createdAt: events.createdAt },
      default: [sql`${events.startsAt} desc nulls last`],
      tieBreaker: events.id,
    },
    rows: (window) =>
      paged(
        db
          .select({
            id: events.id,
            title: events.title,
            kind: events.kind,
            status: events.status,
            organizationId: organizations.id,
            organizationName: organizations.name,
            startsAt: events.startsAt,
            timeZone: events.timeZone,
            currency: organizations.currency,
            ticketsSold: sql<number>`(select count(*)::int from ${tickets} inner join ${bookings} on ${bookings.id} = ${tickets.bookingId} where ${tickets.eventId} = ${events.id} and ${tickets.status} = 'VALID' and ${bookings.status} = 'CONFIRMED')`,
            grossSales:
              sql<number>`(select coalesce(sum(${bookings.total}), 0)::bigint from ${bookings} where ${bookings.eventId} = ${events.id} and ${bookings.status} = 'CONFIRMED')`.mapWith(
                Number,
              ),
          })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .$dynamic(),
        window,
      ),
    count: async (where) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .where(where)
      )[0]?.n ?? 0,
    items: (rows): CreatedEventItem[] =>
      rows.map((r) => ({
        _id: r.id,
        title: r.title,
        kind: r.kind,
        status: r.status,
        organization: { _id: r.organizationId, name: r.organizationName },
        startsAt: r.startsAt?.toISOString() ?? null,
        timeZone: r.timeZone,
        ticketsSold: r.ticketsSold,
        currency: r.currency,
        grossSales: r.grossSales,
      })),
  });

  return async (query: PageInput & { userId: string; status?: EventStatus }) => {
    await requireUser(db, query.userId);
    return createdEventList(query, [
      eq(organizations.ownerId, query.userId),
      query.status ? eq(events.status, query.status) : undefined,
    ]);
  };
}
