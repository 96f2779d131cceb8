import type { BookingStatus, EventKind, OrderSummary, TicketRow, TicketStatus } from '@marquee/contract';

/** A row of `orderColumns` as Drizzle reads it. */
export interface OrderRowData {
  id: string;
  code: string;
  status: BookingStatus;
  buyerName: string;
  buyerEmail: string;
  buyerUserId: string | null;
  eventId: string;
  eventTitle: string;
  eventKind: EventKind;
  eventTimeZone: string | null;
  organizationId: string;
  organizationName: string;
  occurrenceId: string | null;
  occurrenceStartsAt: Date | null;
  ticketCount: number;
  currency: string;
  subtotal: number;
  serviceFee: number;
  total: number;
  refunded: number;
  createdAt: Date;
  confirmedAt: Date | null;
  promoCode: string | null;
  discount: number;
}

/** A row of `ticketColumns` as Drizzle reads it. */
export interface TicketRowData {
  id: string;
  bookingId: string;
  bookingCode: string;
  ticketTypeName: string;
  attendeeName: string | null;
  buyerName: string;
  buyerEmail: string;
  status: TicketStatus;
  price: number;
  currency: string;
  occurrenceId: string | null;
  occurrenceStartsAt: Date | null;
  scannedAt: Date | null;
  code: string;
  eventTitle: string;
  eventTimeZone: string | null;
  bookingCreatedAt: Date;
}

const occurrenceOf = (id: string | null, startsAt: Date | null) =>
  id && startsAt ? { _id: id, startsAt: startsAt.toISOString() } : null;

export function toOrderSummary(row: OrderRowData): OrderSummary {
  return {
    _id: row.id,
    code: row.code,
    status: row.status,
    buyer: { name: row.buyerName, email: row.buyerEmail, userId: row.buyerUserId },
    event: {
      _id: row.eventId,
      title: row.eventTitle,
      kind: row.eventKind,
      // Only a draft lacks a zone, and drafts cannot be booked; UTC keeps the shape total.
      timeZone: row.eventTimeZone ?? 'UTC',
    },
    organization: { _id: row.organizationId, name: row.organizationName },
    occurrence: occurrenceOf(row.occurrenceId, row.occurrenceStartsAt),
    ticketCount: row.ticketCount,
    currency: row.currency,
    subtotal: row.subtotal,
    serviceFee: row.serviceFee,
    total: row.total,
    refunded: row.refunded,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    promoCode: row.promoCode,
    discount: row.discount,
  };
}

export function toTicketRow(row: TicketRowData): TicketRow {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    bookingCode: row.bookingCode,
    ticketTypeName: row.ticketTypeName,
    attendeeName: row.attendeeName,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    status: row.status,
    price: row.price,
    currency: row.currency,
    occurrence: occurrenceOf(row.occurrenceId, row.occurrenceStartsAt),
    scannedAt: row.scannedAt?.toISOString() ?? null,
    code: row.code,
  };
}
