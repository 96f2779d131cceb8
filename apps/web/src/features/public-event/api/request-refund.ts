import { HEADERS, type RequestRefundBody, requestRefund } from '@marquee/contract';
import { http } from '../../../lib/http';

/**
 * Asks for a refund. The key belongs to one attempt: a retry after a lost answer sends it again and the
 * server answers the request it already recorded, never a second one.
 */
export async function askForRefund(body: RequestRefundBody, idempotencyKey: string) {
  return http(requestRefund, { body, headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}
