import { describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  formatCompactDateTime,
  formatDate,
  formatDateTimeSeconds,
  formatDayDate,
  formatTime,
} from './dates';

// A local date-time, so the expectations do not depend on the machine's time zone.
const evening = new Date(2026, 2, 4, 19, 5, 9);

describe('dates', () => {
  it('formats with the spec patterns in the browser zone by default', () => {
    expect(formatTime(evening)).toBe('7:05 PM');
    expect(formatDate(evening)).toBe('Mar 4, 2026');
    expect(formatDayDate(evening)).toBe('Wed, Mar 4, 2026');
    expect(formatDateTimeSeconds(evening)).toBe('Mar 4, 2026 - 07:05:09 PM');
    expect(formatCompactDateTime(evening)).toBe('4/Mar/26-07:05 PM');
  });

  it('formats in a zone it is given, whatever the browser’s', () => {
    const at = '2026-03-04T19:05:09Z';
    expect(formatDayDate(at, 'Asia/Kolkata')).toBe('Thu, Mar 5, 2026');
    expect(formatCompactDateTime(at, 'America/New_York')).toBe('4/Mar/26-02:05 PM');
  });

  it('accepts ISO strings and gives an empty string for missing or invalid dates', () => {
    expect(formatDate(evening.toISOString())).toBe('Mar 4, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('falls back to UTC when the browser names no usable zone', () => {
    const real = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((...args: ConstructorParameters<typeof real>) => {
      const format = new real(...args);
      return Object.assign(format, {
        resolvedOptions: () => ({ ...real.prototype.resolvedOptions.call(format), timeZone: undefined }),
      });
    }) as unknown as typeof Intl.DateTimeFormat);
    expect(browserTimeZone()).toBe('UTC');
  });
});
