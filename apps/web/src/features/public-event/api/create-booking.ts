import { type BuyerBooking, type CreateBookingBody, createBooking, HEADERS } from '@marquee/contract';
import { http } from '../../../lib/http';

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
