import type { PromoCodeInput, PromoCodeKind, PromoCodeSummary } from '@marquee/contract';
import { formatMoney, minorDigits, parseMoney } from '../../../lib/money';

/** What the promo code form holds: the amount as typed (a percentage, or money in the event's currency). */
export interface PromoFormValues {
  code: string;
  kind: PromoCodeKind;
  amount: string;
  ticketTypeIds: string[];
  occurrenceIds: string[];
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | string;
  maxUsesPerBuyer: number | string;
  status: 'ACTIVE' | 'PAUSED';
}

export const EMPTY_PROMO: PromoFormValues = {
  code: '',
  kind: 'PERCENT',
  amount: '',
  ticketTypeIds: [],
  occurrenceIds: [],
  validFrom: null,
  validUntil: null,
  maxUses: '',
  maxUsesPerBuyer: '',
  status: 'ACTIVE',
};

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A stored code as the form shows it. */
export function formValuesOf(code: PromoCodeSummary): PromoFormValues {
  const digits = minorDigits(code.currency);
  return {
    code: code.code,
    kind: code.kind,
    amount:
      code.kind === 'PERCENT'
        ? String(code.amount)
        : code.kind === 'FIXED'
          ? (code.amount / 10 ** digits).toFixed(digits)
          : '',
    ticketTypeIds: code.ticketTypeIds,
    occurrenceIds: code.occurrenceIds,
    validFrom: code.validFrom,
    validUntil: code.validUntil,
    maxUses: code.maxUses ?? '',
    maxUsesPerBuyer: code.maxUsesPerBuyer ?? '',
    status: code.status,
  };
}

/** The amount in the call's terms: a percentage, minor units, or 0 for a code that only reveals. */
export function amountOf(values: Pick<PromoFormValues, 'kind' | 'amount'>, currency: string) {
  if (values.kind === 'REVEAL') return { ok: true as const, amount: 0 };
  if (values.kind === 'PERCENT') {
    const n = Number(values.amount.trim());
    return Number.isInteger(n) && n >= 1 && n <= 100
      ? { ok: true as const, amount: n }
      : { ok: false as const, message: 'Enter a percentage from 1 to 100' };
  }
  const parsed = parseMoney(values.amount, currency);
  if (!parsed.ok) return { ok: false as const, message: parsed.message };
  return parsed.amountMinor >= 1
    ? { ok: true as const, amount: parsed.amountMinor }
    : { ok: false as const, message: 'Enter an amount above 0' };
}

const limit = (value: number | string) => (value === '' || value === null ? null : Number(value));

/** Field errors the form shows before calling (the server checks again and names the same fields). */
export function validatePromo(
  values: PromoFormValues,
  currency: string,
): Partial<Record<keyof PromoFormValues, string>> {
  const errors: Partial<Record<keyof PromoFormValues, string>> = {};
  const code = values.code.trim();
  if (code.length < 3) errors.code = 'A code has at least 3 characters';
  else if (code.length > 40) errors.code = 'A code has at most 40 characters';
  else if (!CODE.test(code)) errors.code = 'Start with a letter or digit; use letters, digits, - and _ only';
  const amount = amountOf(values, currency);
  if (!amount.ok) errors.amount = amount.message;
  if (values.validFrom && values.validUntil && Date.parse(values.validUntil) <= Date.parse(values.validFrom))
    errors.validUntil = 'The end must be after the start';
  for (const key of ['maxUses', 'maxUsesPerBuyer'] as const) {
    const n = limit(values[key]);
    if (n !== null && (!Number.isInteger(n) || n < 1)) errors[key] = 'At least 1, or leave it empty';
  }
  return errors;
}

/** The create call's body (an update adds the code's id). */
export function toPromoBody(eventId: string, values: PromoFormValues, currency: string): PromoCodeInput {
  const amount = amountOf(values, currency);
  return {
    eventId,
    code: values.code.trim(),
    kind: values.kind,
    amount: amount.ok ? amount.amount : 0,
    ticketTypeIds: values.ticketTypeIds,
    occurrenceIds: values.occurrenceIds,
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    maxUses: limit(values.maxUses),
    maxUsesPerBuyer: limit(values.maxUsesPerBuyer),
    status: values.status,
  };
}

/** "20% off", "$5.00 off each ticket", "Reveals hidden tickets". */
export function promoEffect(code: Pick<PromoCodeSummary, 'kind' | 'amount' | 'currency'>): string {
  if (code.kind === 'PERCENT') return `${code.amount}% off`;
  if (code.kind === 'FIXED') return `${formatMoney(code.amount, code.currency)} off each ticket`;
  return 'Reveals hidden tickets';
}
