import { getRefundOptions } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { buyerRefundKeys } from './refund-keys';

/**
 * What the buyer may ask for now (policy, deadline, tickets with amounts, reasons) and the requests and
 * refunds so far. Silent: the section shows its own error with Retry.
 */
export const refundOptionsQuery = (bookingId: string, token: string) =>
  queryOptions({
    queryKey: buyerRefundKeys.options({ bookingId, token }),
    queryFn: async ({ signal }) =>
      (await http(getRefundOptions, { query: { bookingId, token }, signal, silent: true })).result,
    retry: false,
  });
