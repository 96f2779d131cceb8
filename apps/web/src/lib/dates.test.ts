import { describe, expect, it } from 'vitest';
import { formatCompactDateTime, formatDate, formatDateTimeSeconds, formatDayDate, formatTime } from './dates';

// A local date-time, so the expectations do not depend on the machine's time zone.
const evening = new Date(2026, 2, 4, 19, 5, 9);

describe('dates', () => {
  it('formats with the spec patterns', () => {
    expect(formatTime(evening)).toBe('7:05 PM');
    expect(formatDate(evening)).toBe('Mar 4, 2026');
    expect(formatDayDate(evening)).toBe('Wed, Mar 4, 2026');
    expect(formatDateTimeSeconds(evening)).toBe('Mar 4, 2026 - 07:05:09 PM');
    expect(formatCompactDateTime(evening)).toBe('4/Mar/26-07:05 PM');
  });

  it('accepts ISO strings and gives an empty string for missing or invalid dates', () => {
    expect(formatDate(evening.toISOString())).toBe('Mar 4, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
