import { describe, expect, it } from 'vitest';
import {
  formatCompactDateTime,
  formatDate,
  formatDateTimeSeconds,
  formatDayDate,
  formatInZone,
  formatTime,
} from './formats.js';

// 19:05:09 UTC on Wednesday 4 March 2026: already Thursday in Kolkata, still Wednesday in Honolulu.
const AT = '2026-03-04T19:05:09Z';

describe('the machine zone', () => {
  it('is Honolulu while these tests run, so nothing below can pass by reading it', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(600);
  });
});

describe('formatting in a zone with the spec formats', () => {
  it('prints all five formats in UTC', () => {
    expect(formatTime(AT, 'UTC')).toBe('7:05 PM');
    expect(formatDate(AT, 'UTC')).toBe('Mar 4, 2026');
    expect(formatDayDate(AT, 'UTC')).toBe('Wed, Mar 4, 2026');
    expect(formatDateTimeSeconds(AT, 'UTC')).toBe('Mar 4, 2026 - 07:05:09 PM');
    expect(formatCompactDateTime(AT, 'UTC')).toBe('4/Mar/26-07:05 PM');
  });

  it('moves the date across midnight in a zone ahead of UTC (+5:30)', () => {
    expect(formatDate(AT, 'Asia/Kolkata')).toBe('Mar 5, 2026');
    expect(formatDayDate(AT, 'Asia/Kolkata')).toBe('Thu, Mar 5, 2026');
    expect(formatTime(AT, 'Asia/Kolkata')).toBe('12:35 AM');
    expect(formatCompactDateTime(AT, 'Asia/Kolkata')).toBe('5/Mar/26-12:35 AM');
  });

  it('keeps the earlier date in zones behind UTC', () => {
    const lateUtc = '2026-03-05T03:00:00Z';
    expect(formatDayDate(lateUtc, 'America/New_York')).toBe('Wed, Mar 4, 2026');
    expect(formatTime(lateUtc, 'America/New_York')).toBe('10:00 PM');
    expect(formatDayDate(lateUtc, 'Europe/Berlin')).toBe('Thu, Mar 5, 2026');
    expect(formatDateTimeSeconds(lateUtc, 'Pacific/Honolulu')).toBe('Mar 4, 2026 - 05:00:00 PM');
  });

  it('follows daylight saving: the same UTC hour reads differently either side of a change', () => {
    expect(formatTime('2026-03-08T06:30:00Z', 'America/New_York')).toBe('1:30 AM');
    expect(formatTime('2026-03-08T07:30:00Z', 'America/New_York')).toBe('3:30 AM');
    expect(formatTime('2026-10-03T15:40:00Z', 'Australia/Lord_Howe')).toBe('2:40 AM');
    expect(formatTime('2026-09-26T14:15:00Z', 'Pacific/Chatham')).toBe('4:00 AM');
  });

  it('takes a Date, an ISO string with an offset, or epoch milliseconds', () => {
    const date = new Date(AT);
    expect(formatDateTimeSeconds(date, 'Europe/Berlin')).toBe('Mar 4, 2026 - 08:05:09 PM');
    expect(formatDateTimeSeconds('2026-03-04T20:05:09+01:00', 'UTC')).toBe('Mar 4, 2026 - 07:05:09 PM');
    expect(formatTime(date.getTime(), 'UTC')).toBe('7:05 PM');
    expect(formatInZone(AT, 'yyyy-MM-dd HH:mm', 'Asia/Kolkata')).toBe('2026-03-05 00:35');
  });

  it('prints nothing for an absent or invalid date', () => {
    for (const value of [null, undefined, '', 'not a date']) expect(formatDate(value, 'UTC')).toBe('');
  });

  it('throws for an unknown zone rather than printing another zone’s time', () => {
    expect(() => formatDate(AT, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
