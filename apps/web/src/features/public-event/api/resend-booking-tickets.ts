import { resendBookingTickets } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/**
 * "Email my tickets again" (the ticket page's token is the buyer's credential). Nothing on the page
 * changes; the server's message is toasted, and a refusal (too many this hour: when to try again) too.
 */
export const useResendBookingTickets = () => useRouteMutation(resendBookingTickets, { invalidates: [] });
