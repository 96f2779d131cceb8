import {
  CURRENCY_CODES,
  CurrencyCode,
  MinorUnits,
  Money,
  minorDigits,
  OrganizationBody,
  toMajorString,
} from '@marquee/contract';
import { describe, expect, it } from 'vitest';

describe('money in the contract', () => {
  it('knows the active ISO 4217 currencies and their minor digits', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('CLF')).toBe(4);
    // The runtime (CLDR) agrees, except where CLDR displays whole units for a currency ISO still
    // counts in hundredths: amounts are stored in ISO minor units; display rounding is the console's.
    const displayedWhole = 'AFN ALL COP HUF IDR IQD IRR KPW LAK LBP MGA MMK PKR SOS SYP YER'.split(' ');
    for (const code of CURRENCY_CODES) {
      if (displayedWhole.includes(code)) continue;
      const runtime = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions();
      expect(runtime.maximumFractionDigits, code).toBe(minorDigits(code));
    }
  });

  it('accepts a code in any case and refuses made-up or withdrawn ones', () => {
    expect(CurrencyCode.parse(' eur ')).toBe('EUR');
    expect(CurrencyCode.safeParse('ABC').success).toBe(false);
    expect(CurrencyCode.safeParse('DEM').success).toBe(false);
    expect(OrganizationBody.safeParse({ name: 'X', currency: 'XXX' }).success).toBe(false);
  });

  it('amounts are whole, non-negative minor units', () => {
    expect(Money.parse({ amount: 1999, currency: 'usd' })).toEqual({ amount: 1999, currency: 'USD' });
    expect(MinorUnits.safeParse(-1).success).toBe(false);
    expect(MinorUnits.safeParse(19.99).success).toBe(false);
    expect(toMajorString({ amount: 1999, currency: 'USD' })).toBe('19.99');
    expect(toMajorString({ amount: 5, currency: 'USD' })).toBe('0.05');
    expect(toMajorString({ amount: 500, currency: 'JPY' })).toBe('500');
    expect(toMajorString({ amount: 1234, currency: 'KWD' })).toBe('1.234');
  });
});
