import { payDueToCancelEvent } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/**
 * Opens the payment of what the organizer owes before the event's refunds; the answer names the card
 * page to go to. Idempotent: a second click opens the same payment, not another one.
 */
export const usePayEventDue = () =>
  useRouteMutation(payDueToCancelEvent, { invalidates: [], idempotent: true, silentSuccess: true });
