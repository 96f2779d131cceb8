import {
  type BuyerBooking,
  type CreateBookingBody,
  cancelHeldBooking,
  createBooking,
  getBuyerBooking,
  HEADERS,
  publicEventDetail,
} from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

/**
 * The event as buyers see it: dates, ticket types with fees, what is left. Silent: the page itself says
 * what went wrong (a friendly not-found, a Retry), so a toast would say it twice.
 */
export const publicEventQuery = (event: string) =>
  queryOptions({
    queryKey: publicEventKeys.detail({ event }),
    queryFn: async ({ signal }) =>
      (await http(publicEventDetail, { query: { event }, signal, silent: true })).result,
    // A 404 (not found, private link mistyped, blocked) will not change on a retry.
    retry: false,
  });

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

/**
 * Reserves the seats. The idempotency key belongs to one checkout attempt: a retry of the same attempt
 * (after a lost answer) sends the same key, so the server answers the first booking instead of holding
 * the seats twice.
 */
export async function reserve(body: CreateBookingBody, idempotencyKey: string): Promise<BuyerBooking> {
  const response = await http(createBooking, {
    body,
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
    silent: true,
  });
  return response.result;
}

export async function cancelHold(bookingId: string, token: string, idempotencyKey: string) {
  const response = await http(cancelHeldBooking, {
    body: { bookingId, token },
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
  return response.result;
}
