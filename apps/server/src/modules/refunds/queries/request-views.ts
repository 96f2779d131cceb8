import type { RefundRequestView } from '@marquee/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
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

/** The columns of one request row with its order, event and organization (lists and single views). */
export const requestColumns = {
  id: refundRequests.id,
  status: refundRequests.status,
  reasonText: refundRequests.reasonText,
  note: refundRequests.note,
  declineReasonText: refundRequests.declineReasonText,
  declineNote: refundRequests.declineNote,
  decidedBy: refundRequests.decidedBy,
  decidedAt: refundRequests.decidedAt,
  createdAt: refundRequests.createdAt,
  bookingId: bookings.id,
  bookingCode: bookings.code,
  bookingTotal: bookings.total,
  bookingRefunded: bookings.refunded,
  currency: bookings.currency,
  buyerName: bookings.buyerName,
  buyerEmail: bookings.buyerEmail,
  eventId: events.id,
  eventTitle: events.title,
  eventTimeZone: events.timeZone,
  organizationId: organizations.id,
  organizationName: organizations.name,
};

/** refund_requests ⋈ bookings ⋈ events ⋈ organizations: the FROM of every request query. */
export function requestsFrom(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .innerJoin(events, eq(events.id, refundRequests.eventId))
    .innerJoin(organizations, eq(organizations.id, refundRequests.organizationId))
    .$dynamic();
}

export type RequestRowData = Awaited<ReturnType<ReturnType<typeof requestsFrom>['execute']>>[number];

/** Rows → views, with every row's tickets read in one query (no query per row). */
export async function toRequestViews(db: DbOrTx, rows: RequestRowData[]): Promise<RefundRequestView[]> {
  const ids = rows.map((r) => r.id);
  const ticketRows = ids.length
    ? await db
        .select({
          requestId: refundRequestTickets.requestId,
          id: tickets.id,
          ticketTypeName: eventTicketTypes.name,
          attendeeName: tickets.attendeeName,
          status: refundRequestTickets.status,
          amount: refundRequestTickets.amount,
        })
        .from(refundRequestTickets)
        .innerJoin(tickets, eq(tickets.id, refundRequestTickets.ticketId))
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
        .where(inArray(refundRequestTickets.requestId, ids))
        .orderBy(asc(tickets.createdAt), asc(tickets.id))
    : [];
  return rows.map((r) => {
    const own = ticketRows.filter((t) => t.requestId === r.id);
    return {
      _id: r.id,
      status: r.status,
      booking: { _id: r.bookingId, code: r.bookingCode, total: r.bookingTotal, refunded: r.bookingRefunded },
      event: { _id: r.eventId, title: r.eventTitle, timeZone: r.eventTimeZone ?? 'UTC' },
      organization: { _id: r.organizationId, name: r.organizationName },
      buyer: { name: r.buyerName, email: r.buyerEmail },
      reason: r.reasonText,
      note: r.note,
      declineReason: r.declineReasonText,
      tickets: own.map((t) => ({
        _id: t.id,
        ticketTypeName: t.ticketTypeName,
        attendeeName: t.attendeeName,
        status: t.status,
        amount: t.amount,
      })),
      amount: own.reduce((sum, t) => sum + t.amount, 0),
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedBy: r.decidedBy,
    };
  });
}

export async function loadRequestView(db: DbOrTx, requestId: string): Promise<RefundRequestView | null> {
  const rows = await requestsFrom(db).where(eq(refundRequests.id, requestId));
  return (await toRequestViews(db, rows))[0] ?? null;
}

/** A booking's requests, newest first. */
export async function requestViewsOfBooking(db: DbOrTx, bookingId: string) {
  const rows = await requestsFrom(db)
    .where(eq(refundRequests.bookingId, bookingId))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
  return toRequestViews(db, rows);
}
