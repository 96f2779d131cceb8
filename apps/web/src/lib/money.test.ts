import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, parseMoney } from './money';

// Intl separates number and symbol with a no-break space in many locales.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('minorDigits', () => {
  it('comes from the runtime currency data', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('BHD')).toBe(3);
  });

  it('refuses what is not a currency code', () => {
    expect(() => minorDigits('usd')).toThrow(RangeError);
    expect(() => minorDigits('US')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats USD cents', () => {
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(123456789, 'USD', 'en-US')).toBe('$1,234,567.89');
  });

  it('formats EUR the German way', () => {
    expect(formatMoney(123450, 'EUR', 'de-DE')).toBe(nbsp('1.234,50 €'));
  });

  it('formats JPY without decimals', () => {
    expect(formatMoney(1250, 'JPY', 'en-US')).toBe('¥1,250');
    expect(formatMoney(1250, 'JPY', 'ja-JP')).toBe('￥1,250');
  });

  it('formats KWD with three decimals', () => {
    expect(formatMoney(1250, 'KWD', 'en-US')).toBe(nbsp('KWD 1.250'));
    expect(formatMoney(1, 'KWD', 'en-US')).toBe(nbsp('KWD 0.001'));
  });

  it('formats negative amounts (refunds)', () => {
    expect(formatMoney(-1250, 'USD', 'en-US')).toBe('-$12.50');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
    expect(formatMoney(-1250, 'EUR', 'de-DE')).toBe(nbsp('-12,50 €'));
    expect(formatMoney(-1250, 'JPY', 'en-US')).toBe('-¥1,250');
  });

  it('is exact for amounts floating point would round', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en-US')).toBe('$90,071,992,547,409.91');
  });

  it('refuses a fractional amount of minor units', () => {
    expect(() => formatMoney(12.5, 'USD')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('turns typed amounts into minor units', () => {
    expect(parseMoney('12.50', 'USD')).toEqual({ ok: true, amountMinor: 1250 });
    expect(parseMoney('12.5', 'USD')).toEqual({ ok: true, amountMinor: 1250 });
    expect(parseMoney('12', 'USD')).toEqual({ ok: true, amountMinor: 1200 });
    expect(parseMoney(' 12,50 ', 'EUR')).toEqual({ ok: true, amountMinor: 1250 });
    expect(parseMoney('0.07', 'USD')).toEqual({ ok: true, amountMinor: 7 });
    expect(parseMoney('1250', 'JPY')).toEqual({ ok: true, amountMinor: 1250 });
    expect(parseMoney('1.25', 'KWD')).toEqual({ ok: true, amountMinor: 1250 });
  });

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('12.505', 'USD')).toEqual({
      ok: false,
      message: 'USD amounts have at most 2 decimals',
    });
    expect(parseMoney('5.5', 'JPY')).toEqual({ ok: false, message: 'JPY amounts have no decimals' });
    expect(parseMoney('1.2345', 'KWD')).toEqual({
      ok: false,
      message: 'KWD amounts have at most 3 decimals',
    });
  });

  it('refuses negatives unless asked, and text that is not an amount', () => {
    expect(parseMoney('-12.50', 'USD')).toEqual({ ok: false, message: 'The amount cannot be negative' });
    expect(parseMoney('-12.50', 'USD', { allowNegative: true })).toEqual({ ok: true, amountMinor: -1250 });
    for (const text of ['', 'abc', '1,234.50', '12.50 USD', '$12'])
      expect(parseMoney(text, 'USD')).toMatchObject({ ok: false });
    expect(parseMoney('99999999999999999', 'USD')).toEqual({ ok: false, message: 'The amount is too large' });
  });
});
