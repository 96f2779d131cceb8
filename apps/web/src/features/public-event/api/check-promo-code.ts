import type { PromoCodeCheck } from '@marquee/contract';
import { http, loadRoute } from '../../../lib/http';

/**
 * What a promo code does for the event and date; silent: the field shows why not. The call's contract
 * loads with the first check, not with the event page (promo-code-contract.ts).
 */
export async function checkCode(query: {
  eventId: string;
  occurrenceId?: string;
  code: string;
  email?: string;
}): Promise<PromoCodeCheck> {
  const route = await loadRoute(async () => (await import('./promo-code-contract')).checkPromoCode);
  return (await http(route, { query, silent: true })).result;
}
