import {
  type BuyerBooking,
  type CreateBookingBody,
  cancelHeldBooking,
  createBooking,
  HEADERS,
} from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { http } from '../../../lib/http';
import { publicEventKeys } from './keys';

/** The event as buyers see it: dates, ticket types with fees, what is left. */
export const publicEventQuery = (event: string) => ({
  ...routeQuery(publicEventKeys.detail, { event }),
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
    ...routeQuery(publicEventKeys.booking, { bookingId, token }),
    retry: false,
    refetchInterval: (query) =>
      polling && (query.state.data as BuyerBooking | undefined)?.status === 'HELD' ? POLL_INTERVAL_MS : false,
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
