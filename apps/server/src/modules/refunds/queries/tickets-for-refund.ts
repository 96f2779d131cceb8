import type { TicketsForRefund } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bookings } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { type OrderRowData, ordersFrom, toOrderSummary } from '../../order-reads/index.js';
import { pendingDuesOfBooking } from './due-views.js';
import type { RefundEngine } from '../commands/refund-order.js';
import { policyOfBooking } from '../refund-policy.js';
import { requestViewsOfBooking } from './request-views.js';

/**
 * organizer-tickets-for-refund: one order as the refund screens need it: its summary, the buyer's
 * policy (for reference), each ticket with what can still be refunded, earlier refunds, open requests
 * and the due payments still waiting.
 */
export async function ticketsForRefund(
  deps: { db: Db; engine: RefundEngine; now: Date },
  bookingId: string,
): Promise<TicketsForRefund> {
  const { db, engine } = deps;
  const [[order], { policy }] = await Promise.all([
    ordersFrom(db).where(eq(bookings.id, bookingId)) as Promise<OrderRowData[]>,
    policyOfBooking(db, bookingId, deps.now),
  ]);
  if (!order) throw notFound('The order');
  const [tickets, refunds, requests, dues] = await Promise.all([
    engine.refundableTickets(bookingId),
    engine.refundsOf(bookingId),
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
