import { formatMinorUnits, groupDigits } from '@marquee/contract';
import { describe, expect, it } from 'vitest';

// The contract's messages name their limits without Intl (constants.ts); they must read exactly as
// en-US formatting would write them.
describe("the contract's numbers in messages", () => {
  const integers = [0, 7, 42, 999, 1_000, 12_345, 100_000, 999_999, 1_000_000, 2_147_483_647, -1_234, -999];

  it('groups digits as en-US does', () => {
    for (const value of integers)
      expect(groupDigits(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('writes minor units with two decimals as en-US does', () => {
    for (const value of [...integers, 5, 50, 105, 123_456_78, 99]) {
      const expected = (value / 100).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      expect(formatMinorUnits(value), String(value)).toBe(expected);
    }
    expect(formatMinorUnits(2_147_483_647)).toBe('21,474,836.47');
    expect(formatMinorUnits(1234, 0)).toBe('1,234');
    expect(formatMinorUnits(1234, 3)).toBe('1.234');
  });
});
