import { type DuePayment, REFUND_MESSAGES } from '@marquee/contract';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { quoteEvent } from '../queries/quote-event.js';
import { DUE_MESSAGES, startDuePayment, startedDueWithKey } from './start-due-payment.js';

/** pay-due-to-cancel-event: the due of a cancelled event's refunds; the refund job starts once paid. */
export async function payEventDue(
  deps: EngineDeps,
  input: { actor: Actor; event: EventGrant; refundServiceFee?: boolean; key: string; returnUrl: string },
): Promise<DuePayment> {
  const { event } = input.event;
  if (event.status !== 'CANCELLED') throw conflict(REFUND_MESSAGES.eventNotCancelled);
  const idempotencyKey = `due-event:${input.actor.user.id}:${input.key}`;
  const existing = await startedDueWithKey(deps, idempotencyKey);
  if (existing) return existing;
  const { quote, currency } = await quoteEvent(deps.db, event.id, input.refundServiceFee);
  if (quote.due <= 0) throw conflict(DUE_MESSAGES.nothingOwed);
  return startDuePayment(deps, {
    event: input.event,
    bookingId: null,
    reference: `DUE-${event.id.slice(0, 8).toUpperCase()}`,
    description: `Refunds of the cancelled event ${event.title}: amount owed by the organizer`,
    purpose: 'EVENT_CANCELLATION',
    amount: quote.due,
    currency: quote.currency || currency,
    plan: { refundServiceFee: quote.refundServiceFee, idempotencyKey },
    returnUrl: input.returnUrl,
    actor: input.actor,
  });
}
