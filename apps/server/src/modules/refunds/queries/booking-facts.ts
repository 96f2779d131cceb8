import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, events, eventTicketTypes, refundTickets, tickets } from '../../../db/schema/index.js';
import { dateLine } from '../../../lib/date-line.js';
import { orderDates } from '../../booking/index.js';

/** What the buyer's emails about one order name and link to. */
export interface BookingFacts {
  id: string;
  code: string;
  buyerEmail: string;
  currency: string;
  eventTitle: string;
  eventSlug: string;
  timeZone: string;
  /** Each date of the order in the event's zone, named: `Sat 12 Dec 2026, 19:30 – 22:00 (Europe/Dublin)`. */
  dates: string[];
  /** The order's tickets that still admit. */
  validTickets: number;
}

export async function bookingFacts(
  db: DbOrTx,
  bookingId: string,
  /** Name cancelled dates too (the cancellation notice). */
  options: { includeCancelled?: boolean } = {},
): Promise<BookingFacts | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      buyerEmail: bookings.buyerEmail,
      currency: bookings.currency,
      eventTitle: events.title,
      eventSlug: events.slug,
      eventId: events.id,
      occurrenceId: bookings.occurrenceId,
      timeZone: events.timeZone,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const zone = row.timeZone ?? 'UTC';
  const dates = (await orderDates(db, row, options)).map((date) => dateLine(date, zone));
  const [valid] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.bookingId, bookingId), eq(tickets.status, 'VALID')));
  return {
    id: row.id,
    code: row.code,
    buyerEmail: row.buyerEmail,
    currency: row.currency,
    eventTitle: row.eventTitle,
    eventSlug: row.eventSlug ?? row.eventId,
    timeZone: zone,
    dates,
    validTickets: valid?.count ?? 0,
  };
}

/** The tickets a refund is for, by type: `2 × Stalls, 1 × Balcony`; empty for a refund of no tickets. */
export async function refundedTicketsText(db: DbOrTx, refundId: string): Promise<string> {
  const rows = await db
    .select({ name: eventTicketTypes.name, count: sql<number>`count(*)::int` })
    .from(refundTickets)
    .innerJoin(tickets, eq(tickets.id, refundTickets.ticketId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .where(eq(refundTickets.refundId, refundId))
    .groupBy(eventTicketTypes.name)
    .orderBy(asc(eventTicketTypes.name));
  return rows.map((r) => `${r.count} × ${r.name}`).join(', ');
}
