import type { CheckInAttendee, checkInAttendeeList } from '@marquee/contract';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  countUpTo,
  defineList,
  estimateRows,
  type Page,
  type PageWindow,
  paged,
  type SearchTarget,
} from '../../../db/list.js';
import { bookings, eventTicketTypes, ticketAdmissions, tickets, users } from '../../../db/schema/index.js';
import { ORDER_SEARCH, ticketsCounted } from '../../order-reads/index.js';
import { dateOfEventOrRefuse } from './event-date.js';
import { personName } from './people.js';

type Query = z.output<(typeof checkInAttendeeList)['query']>;

/** Free text at the door: the attendee's name, the buyer's name or email, the order code. */
const DOOR_SEARCH: SearchTarget[] = [tickets.attendeeName, ...ORDER_SEARCH];

/**
 * Alphabetical by the name the door calls out (the attendee's, else the buyer's), then by order code:
 * people are found by name, and one order's tickets stay together. Stable by ticket id.
 */
const DOOR_ORDER: SQL[] = [
  asc(sql`lower(coalesce(${tickets.attendeeName}, ${bookings.buyerName}))`),
  asc(bookings.code),
  asc(tickets.createdAt),
];

/**
 * `check-in-attendee-list`: the tickets good on one date (its own and course tickets), VALID unless
 * another status is asked for, each with its admission for that date. One SELECT and one COUNT (with
 * an estimate past a few pages).
 */
export async function checkInAttendees(db: Db, query: Query): Promise<Page<CheckInAttendee>> {
  await dateOfEventOrRefuse(db, query.eventId, query.occurrenceId);
  const admitted = sql`exists (select 1 from ${ticketAdmissions} where ${ticketAdmissions.ticketId} = ${tickets.id} and ${ticketAdmissions.occurrenceId} = ${query.occurrenceId})`;
  const list = defineList({
    search: DOOR_SEARCH,
    sort: { fields: {}, default: DOOR_ORDER, tieBreaker: tickets.id },
    rows: (window: PageWindow) =>
      paged(
        db
          .select({
            ticketId: tickets.id,
            attendeeName: tickets.attendeeName,
            buyerName: bookings.buyerName,
            buyerEmail: bookings.buyerEmail,
            bookingCode: bookings.code,
            ticketTypeId: tickets.ticketTypeId,
            ticketTypeName: eventTicketTypes.name,
            status: tickets.status,
            checkedInAt: ticketAdmissions.admittedAt,
            checkedInBy: personName,
          })
          .from(tickets)
          .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
          .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
          .leftJoin(
            ticketAdmissions,
            and(
              eq(ticketAdmissions.ticketId, tickets.id),
              eq(ticketAdmissions.occurrenceId, query.occurrenceId),
            ),
          )
          .leftJoin(users, eq(users.id, ticketAdmissions.admittedBy))
          .$dynamic(),
        window,
      ),
    // An event sells tens of thousands: counted up to a few pages, then the planner's estimate.
    count: (where, upTo) => countUpTo(db, ticketsCounted(db, where), upTo),
    estimate: (where) => estimateRows(db, ticketsCounted(db, where)),
    total: 'estimated',
    items: (rows) =>
      rows.map(
        (row): CheckInAttendee => ({
          ...row,
          checkedInAt: row.checkedInAt?.toISOString() ?? null,
          // A left join with no admission gives no user: the name expression is then null too.
          checkedInBy: row.checkedInAt ? (row.checkedInBy ?? null) : null,
        }),
      ),
  });
  return list(query, [
    eq(tickets.eventId, query.eventId),
    or(eq(tickets.occurrenceId, query.occurrenceId), sql`${tickets.occurrenceId} is null`),
    eq(tickets.status, query.status ?? 'VALID'),
    query.ticketTypeId ? eq(tickets.ticketTypeId, query.ticketTypeId) : undefined,
    query.checkedIn === 'true' ? admitted : undefined,
    query.checkedIn === 'false' ? sql`not ${admitted}` : undefined,
  ]);
}
