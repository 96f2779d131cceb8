import { cancelHeldBooking, HEADERS } from '@marquee/contract';
import { http } from '../../../lib/http';

export async function cancelHold(bookingId: string, token: string, idempotencyKey: string) {
  const response = await http(cancelHeldBooking, {
    body: { bookingId, token },
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
  });
  return response.result;
}
