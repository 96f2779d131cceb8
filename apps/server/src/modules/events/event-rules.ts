import { EVENT_MESSAGES } from '@marquee/contract';
import type { EventRow } from './repo/rows.js';

/**
 * What may be done to an event in its present state, in the spec's words (docs/events.md).
 * Each rule answers the refusal message, or null when the action is allowed; the availability call
 * and the calls that act use the same functions, so what the console offers is what the server does.
 */
type State = Pick<EventRow, 'status' | 'isBlocked'>;

export function editRefusal(event: State): string | null {
  if (event.isBlocked || event.status === 'CANCELLED' || event.status === 'COMPLETED') {
    return EVENT_MESSAGES.notEditable;
  }
  return null;
}

/** Tickets sold: an event with any sale keeps its record (orders, payouts, refunds point at it). */
export function deleteRefusal(sold: number): string | null {
  return sold > 0 ? EVENT_MESSAGES.notDeletable : null;
}

export function statusRefusal(event: State): string | null {
  return event.isBlocked || event.status === 'CANCELLED' ? EVENT_MESSAGES.statusLocked : null;
}

/** Only a published event can be cancelled: a draft is deleted instead, a finished one is history. */
export function cancelRefusal(event: State): string | null {
  if (event.status === 'CANCELLED') return EVENT_MESSAGES.alreadyCancelled;
  if (event.status !== 'PUBLISHED') return EVENT_MESSAGES.notCancellable;
  return null;
}
