import type { DuePayment } from '@marquee/contract';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { quoteRefund } from '../queries/quote-refund.js';
import { bookingWithTitle } from '../repo/dues.js';
import type { DuePlan } from './run-due-plan.js';
import { DUE_MESSAGES, startDuePayment, startedDueWithKey } from './start-due-payment.js';

/** pay-order-ticket-due-amount: the due of one order refund; the refund runs once it is paid. */
export async function payOrderDue(
  deps: EngineDeps,
  input: {
    actor: Actor;
    /** The order's event, as the route's declaration resolved it (manage). */
    event: EventGrant;
    order: Omit<DuePlan, 'idempotencyKey' | 'refundServiceFee'> & { refundServiceFee?: boolean };
    key: string;
    returnUrl: string;
  },
): Promise<DuePayment> {
  const idempotencyKey = `due:${input.actor.user.id}:${input.key}`;
  const existing = await startedDueWithKey(deps, idempotencyKey);
  if (existing) return existing;
  const quote = await quoteRefund(deps.db, {
    bookingId: input.order.bookingId,
    ticketIds: input.order.ticketIds,
    amount: input.order.amount,
    refundServiceFee: input.order.refundServiceFee,
    reason: input.order.reason,
  });
  if (quote.due <= 0) throw conflict(DUE_MESSAGES.nothingOwed);
  const found = await bookingWithTitle(deps.db, input.order.bookingId);
  if (!found) throw notFound('The order');
  const { booking, title } = found;
  const plan: DuePlan = {
    bookingId: input.order.bookingId,
    ticketIds: input.order.ticketIds,
    ...(input.order.amount !== undefined ? { amount: input.order.amount } : {}),
    refundServiceFee: quote.refundServiceFee,
    reason: input.order.reason,
    idempotencyKey,
  };
  return startDuePayment(deps, {
    event: input.event,
    what: 'The order',
    bookingId: booking.id,
    reference: booking.code,
    description: `Refund of order ${booking.code} (${title}): amount owed by the organizer`,
    purpose: 'ORDER_REFUND',
    amount: quote.due,
    currency: quote.currency,
    plan: { ...plan },
    returnUrl: input.returnUrl,
    actor: input.actor,
  });
}
