import type { TicketsForRefund } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bookings } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { type OrderRowData, ordersFrom, toOrderSummary } from '../../order-reads/index.js';
import { pendingDuesOfBooking } from './due-views.js';
import { policyOfBooking } from './policy-of-booking.js';
import { refundableTickets } from './refundable-tickets.js';
import { refundsOfBooking } from './refunds-of-booking.js';
import { requestViewsOfBooking } from './request-views.js';

/**
 * organizer-tickets-for-refund: one order as the refund screens need it: its summary, the buyer's
 * policy (for reference), each ticket with what can still be refunded, earlier refunds, open requests
 * and the due payments still waiting.
 */
export async function ticketsForRefund(
  deps: { db: Db; now: Date },
  bookingId: string,
): Promise<TicketsForRefund> {
  const { db } = deps;
  const [[order], { policy }] = await Promise.all([
    ordersFrom(db).where(eq(bookings.id, bookingId)) as Promise<OrderRowData[]>,
    policyOfBooking(db, bookingId, deps.now),
  ]);
  if (!order) throw notFound('The order');
  const [tickets, refunds, requests, dues] = await Promise.all([
    refundableTickets(db, bookingId),
    refundsOfBooking(db, bookingId),
    requestViewsOfBooking(db, bookingId),
    pendingDuesOfBooking(db, bookingId),
  ]);
  return {
    order: toOrderSummary(order),
    policy,
    tickets,
    refundable: tickets.filter((t) => t.selectable).reduce((sum, t) => sum + t.refundable, 0),
    refunds,
    requests,
    dues,
  };
}
