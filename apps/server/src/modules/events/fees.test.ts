import { describe, expect, it } from 'vitest';
import { fixedFeeIn, quoteFees } from './fees.js';

const rate = { percentBasisPoints: 250, fixed: 99 };
const one = (
  price: number,
  options: {
    pricing?: 'PAID' | 'FREE' | 'DONATION';
    paidBy?: 'BUYER' | 'ABSORBED';
    waived?: boolean;
    currency?: string;
  } = {},
) =>
  quoteFees({
    items: [{ key: 'k', pricing: options.pricing ?? 'PAID', price }],
    currency: options.currency ?? 'USD',
    paidBy: options.paidBy ?? 'BUYER',
    waived: options.waived ?? false,
    rate,
  }).items[0];

describe('quoteFees (2.5 % + 0.99, integer minor units, half up)', () => {
  it.each([
    // price, pricing, paidBy, fee, buyerPays, organizerReceives
    [2000, 'PAID', 'BUYER', 50 + 99, 2149, 2000],
    [2000, 'PAID', 'ABSORBED', 149, 2000, 1851],
    [1020, 'PAID', 'BUYER', 26 + 99, 1145, 1020], // 25.5 rounds half up to 26
    [1019, 'PAID', 'BUYER', 25 + 99, 1143, 1019], // 25.475 rounds down
    [0, 'FREE', 'BUYER', 0, 0, 0],
    [0, 'FREE', 'ABSORBED', 0, 0, 0],
    [500, 'DONATION', 'BUYER', 13 + 99, 612, 500], // on the minimum: 12.5 → 13
    [0, 'DONATION', 'BUYER', 0, 0, 0],
    [50, 'PAID', 'ABSORBED', 50, 50, 0], // the fee (100) is capped at the price, never negative
    [1, 'PAID', 'BUYER', 0 + 99, 100, 1],
  ] as const)(
    '%i %s paid by %s: fee %i, buyer %i, organizer %i',
    (price, pricing, paidBy, fee, buyer, organizer) => {
      expect(one(price, { pricing, paidBy })).toEqual({
        key: 'k',
        pricing,
        price,
        serviceFee: fee,
        buyerPays: buyer,
        organizerReceives: organizer,
      });
    },
  );

  it('waives the fee entirely for an approved non-profit owner', () => {
    expect(one(2000, { waived: true })).toMatchObject({
      serviceFee: 0,
      buyerPays: 2000,
      organizerReceives: 2000,
    });
    expect(one(2000, { waived: true, paidBy: 'ABSORBED' })).toMatchObject({
      serviceFee: 0,
      organizerReceives: 2000,
    });
  });

  it('scales the fixed part to the currency: 1 yen for JPY, 990 fils for KWD', () => {
    expect(fixedFeeIn('JPY', 99)).toBe(1);
    expect(fixedFeeIn('JPY', 49)).toBe(0);
    expect(fixedFeeIn('JPY', 50)).toBe(1);
    expect(fixedFeeIn('KWD', 99)).toBe(990);
    expect(fixedFeeIn('EUR', 99)).toBe(99);
    // 1500 yen × 2.5 % = 37.5 → 38, plus 1
    expect(one(1500, { currency: 'JPY' })).toMatchObject({ serviceFee: 39, buyerPays: 1539 });
  });

  it('reports the rate and the scaled fixed amount', () => {
    const quote = quoteFees({ items: [], currency: 'JPY', paidBy: 'BUYER', waived: false, rate });
    expect(quote).toEqual({
      currency: 'JPY',
      paidBy: 'BUYER',
      waived: false,
      percentBasisPoints: 250,
      fixed: 1,
      items: [],
    });
  });

  it('stays exact on the largest price', () => {
    expect(one(100_000_000)).toMatchObject({ serviceFee: 2_500_000 + 99 });
  });
});
