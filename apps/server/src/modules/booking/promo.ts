import { PROMO_CODE_MESSAGES, type PromoCodeCheck } from '@marquee/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import {
  describeCode,
  type PromoCodeRow,
  promoCodeByText,
  type ReserveOutcome,
  refusalOf,
  reveals,
  unitDiscount,
} from '../promo-codes/index.js';
import { unitQuote } from './pricing.js';
import { publicTicketTypeOf } from './queries/public-event-summary.js';
import type { SaleView } from './queries/sale-view.js';

/**
 * A promo code at checkout and on the event page (docs/promo-codes.md): the code of the event that a
 * buyer may use now on the date, or a 400 naming the `field` it came in.
 */
export async function usablePromo(
  db: DbOrTx,
  input: { eventId: string; code: string; occurrenceId: string | null; now: Date; field: string },
): Promise<PromoCodeRow> {
  const code = await promoCodeByText(db, input.eventId, input.code);
  const refusal = code ? refusalOf(code, input.now, input.occurrenceId) : PROMO_CODE_MESSAGES.unknown;
  if (!code || refusal) {
    const message = refusal ?? PROMO_CODE_MESSAGES.unknown;
    throw badRequest(message, [{ field: input.field, message }]);
  }
  return code;
}

/** The guarded use refused: 409 on the promo code field. */
export function useRefused(outcome: Exclude<ReserveOutcome, 'TAKEN'>, code: PromoCodeRow): AppError {
  const message =
    outcome === 'USED_UP'
      ? PROMO_CODE_MESSAGES.usedUp
      : PROMO_CODE_MESSAGES.perBuyer(code.maxUsesPerBuyer ?? 1);
  return new AppError(409, message, [{ field: 'promoCode', message }]);
}

/** check-promo-code's answer: what the code does, with the hidden types it reveals as buyers see them. */
export function promoCheckOf(code: PromoCodeRow, view: SaleView): PromoCodeCheck {
  const revealed = view.ticketTypes.filter((type) => type.hidden && code.ticketTypeIds.includes(type.id));
  return {
    code: code.code,
    kind: code.kind,
    amount: code.amount,
    ticketTypeIds: code.ticketTypeIds,
    revealedTicketTypes: revealed.map((type) => publicTicketTypeOf(view, type)),
    discounted: view.ticketTypes.flatMap((type) => {
      const off = reveals(code, type) ? unitDiscount(code, type, type.price) : 0;
      if (off === 0) return [];
      const quote = unitQuote(view.pricing, type, type.price - off);
      const price = type.price - off;
      return [
        {
          ticketTypeId: type.id,
          unitDiscount: off,
          price,
          buyerFee: quote.buyerFee,
          buyerPays: quote.buyerPays,
        },
      ];
    }),
    description: describeCode(code, view.pricing.currency),
  };
}
