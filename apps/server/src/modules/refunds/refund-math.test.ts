import { describe, expect, it } from 'vitest';
import { allocate, refundableOf } from './refund-math.js';

const ticket = (values: Partial<Parameters<typeof refundableOf>[0]> = {}) => ({
  id: 't',
  price: 1000,
  fee: 120,
  refunded: 0,
  feeRefunded: 0,
  ...values,
});

describe('refund arithmetic', () => {
  it('gives back the price, or the price and the fee, by who paid the fee and the setting', () => {
    expect(refundableOf(ticket(), 'BUYER', true)).toEqual({ refundable: 1120, feeRefundable: 120 });
    expect(refundableOf(ticket(), 'BUYER', false)).toEqual({ refundable: 1000, feeRefundable: 0 });
    // Absorbed: the buyer paid the price only; with the fee refunded the platform gives its fee back.
    expect(refundableOf(ticket(), 'ABSORBED', true)).toEqual({ refundable: 1000, feeRefundable: 120 });
    expect(refundableOf(ticket(), 'ABSORBED', false)).toEqual({ refundable: 1000, feeRefundable: 0 });
    expect(refundableOf(ticket({ refunded: 1000 }), 'BUYER', false)).toEqual({
      refundable: 0,
      feeRefundable: 0,
    });
    expect(refundableOf(ticket({ refunded: 1000 }), 'BUYER', true)).toEqual({
      refundable: 120,
      feeRefundable: 120,
    });
    expect(refundableOf(ticket({ price: 0, fee: 0 }), 'BUYER', true)).toEqual({
      refundable: 0,
      feeRefundable: 0,
    });
  });

  it('spreads a partial amount to the unit, in proportion, with fee parts in proportion', () => {
    const shares = allocate(1001, [
      { ticketId: 'a', refundable: 1120, feeRefundable: 120 },
      { ticketId: 'b', refundable: 1120, feeRefundable: 120 },
      { ticketId: 'c', refundable: 560, feeRefundable: 60 },
    ]);
    expect(shares.reduce((sum, s) => sum + s.amount, 0)).toBe(1001);
    expect(shares.map((s) => s.amount)).toEqual([401, 400, 200]);
    expect(shares.every((s) => s.feePart <= s.amount)).toBe(true);
    expect(allocate(2800, [{ ticketId: 'a', refundable: 2800, feeRefundable: 300 }])).toEqual([
      { ticketId: 'a', amount: 2800, feePart: 300 },
    ]);
    expect(() => allocate(2801, [{ ticketId: 'a', refundable: 2800, feeRefundable: 0 }])).toThrow(RangeError);
  });
});
