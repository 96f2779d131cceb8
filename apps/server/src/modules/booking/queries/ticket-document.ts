import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  type BookingRow,
  eventOccurrences,
  events,
  eventTicketTypes,
  organizations,
  tickets,
} from '../../../db/schema/index.js';

/** One date of an order: a single event's, the chosen date of a series, or each date of a course. */
export interface OrderDate {
  startsAt: Date;
  endsAt: Date;
}

/**
 * What the buyer's ticket files say (the confirmation email, the PDF, the calendar file): the order,
 * its dates in the event's zone, where it happens, who organizes it, and its valid tickets.
 */
export interface TicketDocument {
  bookingId: string;
  code: string;
  buyerName: string;
  buyerEmail: string;
  currency: string;
  total: number;
  event: {
    id: string;
    slug: string;
    title: string;
    timeZone: string;
    locationType: 'VENUE' | 'ONLINE' | null;
    venueName: string | null;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
    onlineUrl: string | null;
  };
  organization: { name: string; contactEmail: string | null };
  dates: OrderDate[];
  /** The tickets that admit (VALID), in the order they were issued. */
  tickets: { code: string; typeName: string; attendeeName: string | null }[];
  /** Every ticket of the order, valid or not. */
  ticketCount: number;
}

/** The order's dates: its own date, or (a course, booked whole) every date still scheduled. */
export async function orderDates(
  db: DbOrTx,
  booking: Pick<BookingRow, 'eventId' | 'occurrenceId'>,
  /** Cancelled dates too (what a cancellation notice names). */
  options: { includeCancelled?: boolean } = {},
): Promise<OrderDate[]> {
  const where = booking.occurrenceId
    ? eq(eventOccurrences.id, booking.occurrenceId)
    : and(
        eq(eventOccurrences.eventId, booking.eventId),
        options.includeCancelled ? undefined : ne(eventOccurrences.status, 'CANCELLED'),
      );
  return db
    .select({ startsAt: eventOccurrences.startsAt, endsAt: eventOccurrences.endsAt })
    .from(eventOccurrences)
    .where(where)
    .orderBy(asc(eventOccurrences.startsAt));
}

export async function loadTicketDocument(db: DbOrTx, booking: BookingRow): Promise<TicketDocument> {
  const [event] = await db.select().from(events).where(eq(events.id, booking.eventId));
  if (!event) throw new Error('booking without event');
  const [organization] = await db
    .select({ name: organizations.name, contactEmail: organizations.contactEmail })
    .from(organizations)
    .where(eq(organizations.id, event.organizationId));
  const ticketRows = await db
    .select({
      code: tickets.code,
      status: tickets.status,
      attendeeName: tickets.attendeeName,
      typeName: eventTicketTypes.name,
    })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .where(eq(tickets.bookingId, booking.id))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  let dates = await orderDates(db, booking);
  if (dates.length === 0 && event.startsAt)
    dates = [{ startsAt: event.startsAt, endsAt: event.endsAt ?? event.startsAt }];
  return {
    bookingId: booking.id,
    code: booking.code,
    buyerName: booking.buyerName,
    buyerEmail: booking.buyerEmail,
    currency: booking.currency,
    total: booking.total,
    event: {
      id: event.id,
      slug: event.slug ?? event.id,
      title: event.title,
      timeZone: event.timeZone ?? 'UTC',
      locationType: event.locationType,
      venueName: event.venueName,
      address: event.address,
      latitude: event.latitude,
      longitude: event.longitude,
      onlineUrl: event.onlineUrl,
    },
    organization: { name: organization?.name ?? '', contactEmail: organization?.contactEmail ?? null },
    dates,
    tickets: ticketRows
      .filter((row) => row.status === 'VALID')
      .map((row) => ({ code: row.code, typeName: row.typeName, attendeeName: row.attendeeName })),
    ticketCount: ticketRows.length,
  };
}
