import type { OrderDetail } from '@marquee/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  bookingEvents,
  bookingLines,
  bookings,
  ledgerEntries,
  payments,
  tickets,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { type OrderRowData, type TicketRowData, toOrderSummary, toTicketRow } from '../order-items.js';
import { ordersFrom } from './orders.js';
import { ticketsFrom } from './tickets.js';

/**
 * organizer-booking-detail: the order with its lines, tickets, latest payment attempt, ledger postings
 * and timeline. A fixed number of queries (run together), whatever the size of the order.
 */
export async function orderDetail(db: Db, bookingId: string): Promise<OrderDetail> {
  const [[order], [extra], lines, ticketRows, [payment], ledger, timeline] = await Promise.all([
    ordersFrom(db).where(eq(bookings.id, bookingId)) as Promise<OrderRowData[]>,
    db
      .select({
        organizerAmount: bookings.organizerAmount,
        feePaidBy: bookings.feePaidBy,
        holdExpiresAt: bookings.holdExpiresAt,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId)),
    db
      .select()
      .from(bookingLines)
      .where(eq(bookingLines.bookingId, bookingId))
      .orderBy(asc(bookingLines.name), asc(bookingLines.id)),
    ticketsFrom(db)
      .where(eq(tickets.bookingId, bookingId))
      .orderBy(asc(tickets.createdAt), asc(tickets.id)) as Promise<TicketRowData[]>,
    db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId))
      .orderBy(
        asc(ledgerEntries.createdAt),
        asc(ledgerEntries.groupId),
        asc(ledgerEntries.account),
        asc(ledgerEntries.id),
      ),
    db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
  ]);
  // The access rule found the order a moment ago; it can only be gone if deleted in between.
  if (!order || !extra) throw notFound('The order');
  return {
    ...toOrderSummary(order),
    lines: lines.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      unitFee: line.unitFee,
    })),
    organizerAmount: extra.organizerAmount,
    feePaidBy: extra.feePaidBy,
    payment: payment
      ? { provider: payment.provider, reference: payment.providerRef, status: payment.status }
      : null,
    tickets: ticketRows.map(toTicketRow),
    ledger: ledger.map((entry) => ({
      account: entry.account,
      amount: entry.amount,
      kind: entry.kind,
      groupId: entry.groupId,
      createdAt: entry.createdAt.toISOString(),
    })),
    timeline: timeline.map((entry) => ({
      at: entry.at.toISOString(),
      kind: entry.kind,
      detail: entry.detail,
    })),
    holdExpiresAt: extra.holdExpiresAt?.toISOString() ?? null,
  };
}
