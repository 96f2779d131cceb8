import {
  type FeeQuote,
  type FeeQuoteItem,
  isCurrencyCode,
  minorDigits,
  type TicketPricing,
} from '@marquee/contract';

/**
 * The platform's service fee (docs/events.md, "Service fee"): a percentage of the ticket price plus a
 * fixed amount, computed in integer minor units only. Pure: the selling issue quotes orders with it too.
 */
export interface FeeRate {
  /** Basis points of the price (250 = 2.5 %). */
  percentBasisPoints: number;
  /** Minor units of a currency with 2 decimal digits (99 = 0.99); scaled to the quoted currency. */
  fixed: number;
}

export interface FeeItemInput {
  key: string;
  pricing: TicketPricing;
  /** Minor units; for a donation, the minimum. */
  price: number;
}

export interface QuoteInput {
  items: readonly FeeItemInput[];
  currency: string;
  paidBy: 'BUYER' | 'ABSORBED';
  /** The owner has an approved non-profit exemption: no fee at all. */
  waived: boolean;
  rate: FeeRate;
}

/** a / b rounded half up, for a ≥ 0 and b > 0, exact for any size (bigint). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

/** The fixed part in the currency's minor units: 99 (of a 2-digit currency) is 1 yen and 990 fils. */
export function fixedFeeIn(currency: string, fixed: number): number {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  return Number(divideHalfUp(BigInt(fixed) * 10n ** BigInt(digits), 100n));
}

/** The fee of one ticket at `price` before who pays it is decided; free tickets and price 0 carry none. */
export function serviceFeeOf(pricing: TicketPricing, price: number, currency: string, rate: FeeRate): number {
  if (pricing === 'FREE' || price <= 0) return 0;
  const percent = divideHalfUp(BigInt(price) * BigInt(rate.percentBasisPoints), 10_000n);
  return Number(percent) + fixedFeeIn(currency, rate.fixed);
}

export function quoteFees(input: QuoteInput): FeeQuote {
  const items: FeeQuoteItem[] = input.items.map((item) => {
    const fee = input.waived ? 0 : serviceFeeOf(item.pricing, item.price, input.currency, input.rate);
    if (input.paidBy === 'BUYER') {
      return { ...item, serviceFee: fee, buyerPays: item.price + fee, organizerReceives: item.price };
    }
    // Absorbed: the organizer pays the fee out of the price, never more than the price itself.
    const absorbed = Math.min(fee, item.price);
    return { ...item, serviceFee: absorbed, buyerPays: item.price, organizerReceives: item.price - absorbed };
  });
  return {
    currency: input.currency,
    paidBy: input.paidBy,
    waived: input.waived,
    percentBasisPoints: input.rate.percentBasisPoints,
    fixed: fixedFeeIn(input.currency, input.rate.fixed),
    items,
  };
}
