import { PROMO_CODE_MESSAGES, type PromoCodeCheck } from '@marquee/contract';
import { badRequest } from '../../../lib/errors.js';
import { promoUsesByBuyer } from '../../promo-codes/index.js';
import type { Selling } from '../checkout.js';
import { promoCheckOf, usablePromo } from '../promo.js';
import { loadSaleView, saleEventOf } from './sale-view.js';

/**
 * check-promo-code: what a code does for the event and date, or why not, on the `code` field. The use
 * limits are read as they are now (a hint): checkout takes the use under the code's row lock.
 */
export async function checkPromoCode(
  selling: Pick<Selling, 'db' | 'clock' | 'rate' | 'releaseHolds'>,
  query: { eventId: string; occurrenceId?: string | undefined; code: string; email?: string | undefined },
): Promise<PromoCodeCheck> {
  const now = selling.clock.now();
  await selling.releaseHolds(now);
  const event = await saleEventOf(selling.db, query.eventId);
  const view = await loadSaleView(selling.db, event, selling.rate);
  const code = await usablePromo(selling.db, {
    eventId: event.id,
    code: query.code,
    occurrenceId: query.occurrenceId ?? null,
    now,
    field: 'code',
  });
  const refuse = (message: string) => badRequest(message, [{ field: 'code', message }]);
  if (code.maxUses !== null && code.uses >= code.maxUses) throw refuse(PROMO_CODE_MESSAGES.usedUp);
  if (query.email && code.maxUsesPerBuyer !== null) {
    const used = await promoUsesByBuyer(selling.db, code.id, query.email);
    if (used >= code.maxUsesPerBuyer) throw refuse(PROMO_CODE_MESSAGES.perBuyer(code.maxUsesPerBuyer));
  }
  return promoCheckOf(code, view);
}
