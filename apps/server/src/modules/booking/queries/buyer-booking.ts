import type { BuyerBooking } from '@marquee/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  type BookingLineRow,
  type BookingRow,
  bookingLines,
  type EventRow,
  eventOccurrences,
  events,
  eventTicketTypes,
  type OccurrenceRow,
  organizations,
  type PaymentRow,
  payments,
  type TicketRow,
  tickets,
} from '../../../db/schema/index.js';
import type { Selling } from '../checkout.js';
import { bookingByToken } from '../repo/orders.js';
import { type OrderDate, orderDates } from './ticket-document.js';

/** What the buyer's view of a booking is made of (read by loadBuyerBooking, or known to the checkout). */
export interface BuyerBookingParts {
  booking: BookingRow;
  event: EventRow;
  organizationName: string;
  lines: readonly Pick<
    BookingLineRow,
    'ticketTypeId' | 'name' | 'quantity' | 'unitPrice' | 'unitFee' | 'unitDiscount'
  >[];
  tickets: readonly Pick<TicketRow, 'id' | 'ticketTypeId' | 'attendeeName' | 'code' | 'status'>[];
  /** The latest payment attempt, if any. */
  payment: Pick<PaymentRow, 'provider' | 'redirectUrl' | 'clientSecret'> | null;
  occurrence: Pick<OccurrenceRow, 'id' | 'startsAt' | 'endsAt'> | null;
  dates: readonly OrderDate[];
  typeNames: ReadonlyMap<string, string>;
}

/** A booking as its buyer sees it; `accessToken` is the raw token the caller holds (never stored). */
export async function loadBuyerBooking(
  db: DbOrTx,
  booking: BookingRow,
  accessToken: string,
): Promise<BuyerBooking> {
  // One after another: checkout reads a free booking's answer on its transaction, one connection.
  const [event] = await db.select().from(events).where(eq(events.id, booking.eventId));
  const lines = await db
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, booking.id))
    .orderBy(asc(bookingLines.id));
  const ticketRows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.bookingId, booking.id))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, booking.id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  const occurrence = booking.occurrenceId
    ? await db.select().from(eventOccurrences).where(eq(eventOccurrences.id, booking.occurrenceId))
    : [];
  if (!event) throw new Error('booking without event');
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, event.organizationId));
  const dates = await orderDates(db, booking);
  const typeIds = [...new Set(ticketRows.map((t) => t.ticketTypeId))];
  const typeNames = new Map(
    typeIds.length
      ? (
          await db
            .select({ id: eventTicketTypes.id, name: eventTicketTypes.name })
            .from(eventTicketTypes)
            .where(inArray(eventTicketTypes.id, typeIds))
        ).map((row) => [row.id, row.name])
      : [],
  );
  return buyerBookingOf(
    {
      booking,
      event,
      organizationName: organization?.name ?? '',
      lines,
      tickets: ticketRows,
      payment: payment ?? null,
      occurrence: occurrence[0] ?? null,
      dates,
      typeNames,
    },
    accessToken,
  );
}

/** The buyer's view of a booking from its parts (no reads). */
export function buyerBookingOf(parts: BuyerBookingParts, accessToken: string): BuyerBooking {
  const { booking, event, lines, payment, typeNames } = parts;
  const ticketRows = parts.tickets;
  const dates = parts.dates.map((d) => ({
    startsAt: d.startsAt.toISOString(),
    endsAt: d.endsAt.toISOString(),
  }));
  const date = parts.occurrence;
  const occurrenceOut = date
    ? { _id: date.id, startsAt: date.startsAt.toISOString(), endsAt: date.endsAt.toISOString() }
    : null;
  const course = {
    startsAt: (event.startsAt ?? booking.createdAt).toISOString(),
    endsAt: (event.endsAt ?? event.startsAt ?? booking.createdAt).toISOString(),
  };
  // What the buyer pays: a fee the organization absorbs comes out of the price, not on top of it.
  const buyerPaysFee = booking.feePaidBy === 'BUYER';
  return {
    _id: booking.id,
    code: booking.code,
    accessToken,
    status: booking.status,
    event: {
      _id: event.id,
      slug: event.slug ?? event.id,
      title: event.title,
      timeZone: event.timeZone ?? 'UTC',
      startsAt: course.startsAt,
      endsAt: course.endsAt,
      venueName: event.venueName,
      address: event.locationType === 'ONLINE' ? null : event.address,
      // The way in is for those who hold tickets.
      onlineUrl: event.locationType === 'ONLINE' && booking.status === 'CONFIRMED' ? event.onlineUrl : null,
      organizationName: parts.organizationName,
    },
    occurrence: occurrenceOut,
    dates: dates.length > 0 ? dates : [course],
    buyer: { name: booking.buyerName, email: booking.buyerEmail },
    lines: lines.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      unitFee: buyerPaysFee ? line.unitFee : 0,
      unitDiscount: line.unitDiscount,
    })),
    currency: booking.currency,
    promoCode: booking.promoCode,
    discount: booking.discount,
    subtotal: booking.subtotal,
    serviceFee: buyerPaysFee ? booking.serviceFee : 0,
    total: booking.total,
    holdExpiresAt: booking.status === 'HELD' ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    payment:
      booking.status === 'HELD' && payment
        ? {
            provider: payment.provider === 'stripe' ? 'stripe' : 'sandbox',
            redirectUrl: payment.redirectUrl,
            clientSecret: payment.clientSecret,
          }
        : null,
    // Tickets exist only for a confirmed booking (docs/selling.md).
    tickets:
      booking.status === 'CONFIRMED' || ticketRows.length > 0
        ? ticketRows.map((ticket) => ({
            _id: ticket.id,
            ticketTypeName: typeNames.get(ticket.ticketTypeId) ?? '',
            attendeeName: ticket.attendeeName,
            code: ticket.code,
            status: ticket.status,
            occurrence: occurrenceOut
              ? { startsAt: occurrenceOut.startsAt, endsAt: occurrenceOut.endsAt }
              : course,
          }))
        : [],
    confirmedAt: booking.confirmedAt?.toISOString() ?? null,
    createdAt: booking.createdAt.toISOString(),
  };
}

/** get-buyer-booking: the booking its token opens, with holds that ran out already released. */
export async function getBuyerBooking(
  selling: Pick<Selling, 'db' | 'clock' | 'releaseHolds'>,
  bookingId: string,
  token: string,
): Promise<BuyerBooking> {
  await selling.releaseHolds(selling.clock.now());
  return loadBuyerBooking(selling.db, await bookingByToken(selling.db, bookingId, token), token);
}
