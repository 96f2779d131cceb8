import { formatAmount, PROMO_CODE_MESSAGES, type PromoCodeKind } from '@marquee/contract';
import type { PromoCodeRow } from './repo/codes.js';

/** What the rules read of a ticket type. */
export interface PricedType {
  id: string;
  pricing: 'FREE' | 'PAID' | 'DONATION';
  price: number;
  hidden: boolean;
}

/**
 * Why a code cannot be used now on a date (null: it can). The use limits are not here: checkout
 * decides them in PostgreSQL (repo/uses.ts); the buyer's check reads them as a hint.
 */
export function refusalOf(code: PromoCodeRow, now: Date, occurrenceId: string | null): string | null {
  if (code.status === 'PAUSED') return PROMO_CODE_MESSAGES.paused;
  if (code.validFrom && now < code.validFrom) return PROMO_CODE_MESSAGES.notYet;
  if (code.validUntil && now >= code.validUntil) return PROMO_CODE_MESSAGES.expired;
  if (occurrenceId && code.occurrenceIds.length > 0 && !code.occurrenceIds.includes(occurrenceId))
    return PROMO_CODE_MESSAGES.notForDate;
  return null;
}

/** The code names the type (a code naming no type applies to every visible type). */
export function appliesTo(code: PromoCodeRow, type: PricedType): boolean {
  if (code.ticketTypeIds.length === 0) return !type.hidden;
  return code.ticketTypeIds.includes(type.id);
}

/** A hidden type is sold only with a code that names it. */
export function reveals(code: PromoCodeRow | null, type: PricedType): boolean {
  return !type.hidden || code?.ticketTypeIds.includes(type.id) === true;
}

/**
 * Minor units off one ticket: a percentage rounded to the nearest minor unit, or a fixed amount, never
 * more than the price. Donations are what the buyer chooses to give, so no code lowers them.
 */
export function unitDiscount(code: PromoCodeRow | null, type: PricedType, price: number): number {
  if (!code || type.pricing !== 'PAID' || !appliesTo(code, type)) return 0;
  if (code.kind === 'PERCENT') return Math.min(price, Math.round((price * code.amount) / 100));
  if (code.kind === 'FIXED') return Math.min(price, code.amount);
  return 0;
}

export function describeCode(code: { kind: PromoCodeKind; amount: number }, currency: string): string {
  if (code.kind === 'PERCENT') return `${code.amount}% off`;
  if (code.kind === 'FIXED') return `${formatAmount(code.amount, currency)} off each ticket`;
  return 'Unlocks hidden tickets';
}
