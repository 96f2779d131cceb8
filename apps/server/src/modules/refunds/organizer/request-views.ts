import type { RefundRequestView } from '@marquee/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  bookings,
  events,
  eventTicketTypes,
  organizations,
  refundRequests,
  refundRequestTickets,
  tickets,
} from '../../../db/schema/index.js';

/** A booking's buyer requests still waiting for the organizer (REQUESTED), newest first. */
export async function openRequestsOf(db: DbOrTx, bookingId: string): Promise<RefundRequestView[]> {
  const rows = await db
    .select({
      request: refundRequests,
      booking: bookings,
      eventTitle: events.title,
      timeZone: events.timeZone,
      organizationName: organizations.name,
    })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, refundRequests.eventId))
    .innerJoin(organizations, eq(organizations.id, refundRequests.organizationId))
    .where(and(eq(refundRequests.bookingId, bookingId), eq(refundRequests.status, 'REQUESTED')))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
  if (!rows.length) return [];
  const lines = await db
    .select({
      requestId: refundRequestTickets.requestId,
      ticketId: refundRequestTickets.ticketId,
      status: refundRequestTickets.status,
      amount: refundRequestTickets.amount,
      ticketTypeName: eventTicketTypes.name,
      attendeeName: tickets.attendeeName,
    })
    .from(refundRequestTickets)
    .innerJoin(tickets, eq(tickets.id, refundRequestTickets.ticketId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
    .where(
      inArray(
        refundRequestTickets.requestId,
        rows.map((r) => r.request.id),
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  return rows.map(({ request, booking, ...names }) => {
    const own = lines.filter((l) => l.requestId === request.id);
    return {
      _id: request.id,
      status: request.status,
      booking: { _id: booking.id, code: booking.code, total: booking.total, refunded: booking.refunded },
      event: { _id: request.eventId, title: names.eventTitle, timeZone: names.timeZone ?? 'UTC' },
      organization: { _id: request.organizationId, name: names.organizationName },
      buyer: { name: booking.buyerName, email: booking.buyerEmail },
      reason: request.reasonText,
      note: request.note,
      declineReason: request.declineReasonText,
      tickets: own.map((l) => ({
        _id: l.ticketId,
        ticketTypeName: l.ticketTypeName,
        attendeeName: l.attendeeName,
        status: l.status,
        amount: l.amount,
      })),
      amount: own.filter((l) => l.status === 'REQUESTED').reduce((sum, l) => sum + l.amount, 0),
      currency: booking.currency,
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
      decidedBy: request.decidedBy,
    };
  });
}
