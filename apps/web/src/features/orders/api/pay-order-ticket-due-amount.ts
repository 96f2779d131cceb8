import { payOrderTicketDueAmount } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/**
 * Starts paying what the organizer owes before a refund; the answer names the card page to go to and
 * the refund runs once the payment succeeds. Idempotent: a second click opens the same payment.
 */
export const usePayRefundDue = () =>
  useRouteMutation(payOrderTicketDueAmount, { invalidates: [], idempotent: true, silentSuccess: true });
