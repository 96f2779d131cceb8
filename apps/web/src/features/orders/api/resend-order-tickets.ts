import { resendOrderTickets } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

/**
 * Emails a confirmed order's tickets to its buyer again. The order's timeline gains the resend; the
 * server's message is toasted, and a refusal (not confirmed, too many this hour: when to try again) too.
 */
export const useResendOrderTickets = () =>
  useRouteMutation(resendOrderTickets, { invalidates: [orderKeys.all] });
