import type { RefundableTicket } from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  bookings,
  eventOccurrences,
  eventTicketTypes,
  organizations,
  refundRequestTickets,
  tickets,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { type FeePayer, paidFor, refundableOf } from '../refund-math.js';

async function feeSetting(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, refundServiceFee: organizations.refundServiceFee })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('The order');
  return row;
}

/** What each ticket of a booking can still give back, and whether it can be chosen now. */
export async function refundableTickets(
  db: DbOrTx,
  bookingId: string,
  refundServiceFee?: boolean,
): Promise<RefundableTicket[]> {
  const { booking, refundServiceFee: setting } = await feeSetting(db, bookingId);
  const withFee = refundServiceFee ?? setting;
  const rows = await db
    .select({
      ticket: tickets,
      typeName: eventTicketTypes.name,
      startsAt: eventOccurrences.startsAt,
      requestId: refundRequestTickets.requestId,
    })
    .from(tickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, tickets.occurrenceId))
    .leftJoin(
      refundRequestTickets,
      and(eq(refundRequestTickets.ticketId, tickets.id), eq(refundRequestTickets.status, 'REQUESTED')),
    )
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const feePaidBy = booking.feePaidBy as FeePayer;
  return rows.map(({ ticket, typeName, startsAt, requestId }) => {
    const { refundable } = refundableOf(ticket, feePaidBy, withFee);
    return {
      _id: ticket.id,
      ticketTypeName: typeName,
      attendeeName: ticket.attendeeName,
      status: ticket.status,
      occurrence:
        ticket.occurrenceId && startsAt
          ? { _id: ticket.occurrenceId, startsAt: startsAt.toISOString() }
          : null,
      paid: paidFor(ticket, feePaidBy),
      fee: ticket.fee,
      refunded: ticket.refunded,
      refundable,
      selectable:
        booking.status === 'CONFIRMED' &&
        (ticket.status === 'VALID' || (ticket.status === 'REFUNDED' && refundable > 0)),
      requestId: requestId ?? null,
    };
  });
}
