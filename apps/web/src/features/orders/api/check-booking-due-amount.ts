import { checkBookingDueAmount, type OrderRefundBody } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { RefundSelection } from '../paths';
import { refundKeys } from './keys';

/** The body of one order's refund from a selection (the shape check-booking-due-amount and confirm take). */
export function orderRefundBody(bookingId: string, selection: RefundSelection): OrderRefundBody {
  return {
    bookingId,
    ticketIds: selection.ticketIds,
    ...(selection.amount !== undefined ? { amount: selection.amount } : {}),
    ...(selection.refundServiceFee !== undefined ? { refundServiceFee: selection.refundServiceFee } : {}),
  };
}

/**
 * The split of a refund before Confirm (`check-booking-due-amount`). A POST that changes nothing, read
 * like a query so a reload or Retry asks again; silent because the screen shows its failure in place.
 */
export const refundQuoteQuery = (body: OrderRefundBody) =>
  queryOptions({
    queryKey: [...refundKeys.all, 'quote', body] as const,
    queryFn: async () => (await http(checkBookingDueAmount, { body, silent: true })).result,
    retry: false,
    // A quote depends on the held balance, which other refunds change: always ask afresh.
    staleTime: 0,
    gcTime: 0,
  });
