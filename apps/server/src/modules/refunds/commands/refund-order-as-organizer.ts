import type { RefundOutcome } from '@marquee/contract';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { refundOutcome } from '../queries/refund-outcome.js';
import type { RefundAsk } from '../refund-split.js';
import { refundOrder } from './refund-order.js';

/**
 * confirm-event-order-refund: an organizer refunds tickets of one order, keyed by the caller's
 * idempotency key. Reached from an event's orders (`eventId`), an order of another event is not there.
 */
export async function refundOrderAsOrganizer(
  deps: EngineDeps,
  input: {
    actor: Actor;
    /** The order's event as the route's declaration resolved it (manage). */
    event: EventGrant | undefined;
    eventId?: string;
    ask: RefundAsk;
    key: string;
  },
): Promise<RefundOutcome> {
  if (input.eventId && input.event?.event.id !== input.eventId) throw notFound('The order');
  const row = await refundOrder(deps, {
    ...input.ask,
    source: 'ORGANIZER',
    idempotencyKey: `org:${input.actor.user.id}:${input.key}`,
    initiatedBy: input.actor.user.id,
  });
  return refundOutcome(deps.db, row);
}
