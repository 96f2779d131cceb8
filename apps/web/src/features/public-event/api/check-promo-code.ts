import { checkPromoCode, type PromoCodeCheck } from '@marquee/contract';
import { http } from '../../../lib/http';

/** What a promo code does for the event and date; silent: the field shows why not. */
export async function checkCode(query: {
  eventId: string;
  occurrenceId?: string;
  code: string;
  email?: string;
}): Promise<PromoCodeCheck> {
  return (await http(checkPromoCode, { query, silent: true })).result;
}
