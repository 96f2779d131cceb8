/**
 * Money in the console: amounts travel as integers of minor units (cents, yen, fils) with an
 * ISO 4217 code; these turn them into text and back. The number of minor digits comes from the
 * runtime's currency data (USD 2, JPY 0, KWD 3), never from a table kept here.
 */

import { numberFormat } from './intl';

const CURRENCY_CODE = /^[A-Z]{3}$/;

function checkCurrency(currency: string) {
  if (!CURRENCY_CODE.test(currency)) throw new RangeError(`Not a currency code: ${currency}`);
}

/** How many digits follow the decimal mark in `currency` (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  checkCurrency(currency);
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** `1250` with 2 digits → `"12.50"`; kept as text so large amounts are never rounded by floating point. */
function toDecimalText(amountMinor: number, digits: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  if (digits === 0) return sign + whole;
  return `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

/**
 * `formatMoney(1250, 'USD')` → `$12.50`; `formatMoney(123450, 'EUR', 'de-DE')` → `1.234,50 €`;
 * `formatMoney(1250, 'JPY')` → `¥1,250`. The locale defaults to the browser's.
 */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`Not an amount in minor units: ${amountMinor}`);
  const digits = minorDigits(currency);
  const format = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // A decimal string is formatted exactly (Intl.NumberFormat v3), unlike amountMinor / 100.
  return format.format(toDecimalText(amountMinor, digits) as unknown as number);
}

export type ParsedMoney = { ok: true; amountMinor: number } | { ok: false; message: string };

const AMOUNT_TEXT = /^(-)?(\d+)(?:[.,](\d*))?$/;

/**
 * What a person typed into an amount field → minor units: `"12.50"` (or `"12,50"`) in USD → `1250`.
 * Refuses more decimals than the currency has (`"12.505"` USD, `"5.5"` JPY) rather than rounding
 * someone's money, and grouping marks (`"1,234.50"`), which are ambiguous between locales.
 */
export function parseMoney(
  text: string,
  currency: string,
  options: { allowNegative?: boolean } = {},
): ParsedMoney {
  const digits = minorDigits(currency);
  const match = AMOUNT_TEXT.exec(text.trim().replace(/\s/g, ''));
  if (!match)
    return {
      ok: false,
      message: digits ? 'Enter an amount, for example 12.50' : 'Enter a whole amount, for example 1250',
    };
  const [, minus, whole = '', fraction = ''] = match;
  if (minus && !options.allowNegative) return { ok: false, message: 'The amount cannot be negative' };
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? `${currency} amounts have no decimals`
          : `${currency} amounts have at most ${digits} decimals`,
    };
  }
  const amountMinor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(amountMinor)) return { ok: false, message: 'The amount is too large' };
  return { ok: true, amountMinor: minus && amountMinor !== 0 ? -amountMinor : amountMinor };
}
