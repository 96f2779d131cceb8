import { getBuyerBooking } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

export const POLL_INTERVAL_MS = 2000;

/**
 * One booking for its buyer. While it is HELD the payment provider may confirm it at any moment, so it
 * is read again every two seconds (the caller stops after a while).
 */
export const buyerBookingQuery = (bookingId: string, token: string, polling: boolean) =>
  queryOptions({
    queryKey: publicEventKeys.booking({ bookingId, token }),
    queryFn: async ({ signal }) =>
      (await http(getBuyerBooking, { query: { bookingId, token }, signal, silent: true })).result,
    retry: false,
    // The create answer seeds it; reading the same booking again right away would tell nothing new.
    staleTime: POLL_INTERVAL_MS,
    refetchInterval: (query) => (polling && query.state.data?.status === 'HELD' ? POLL_INTERVAL_MS : false),
  });
