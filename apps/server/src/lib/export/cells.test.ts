import { formatDateTimeSeconds, zoneLabel } from '@marquee/time';
import { describe, expect, it } from 'vitest';
import { timeCell } from './cells.js';

/** What the export wrote before it formatted by arithmetic: the shared formatters of @marquee/time. */
const reference = (at: Date, zone: string) => `${formatDateTimeSeconds(at, zone)} ${zoneLabel(zone, at)}`;

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata', // +05:30, no daylight saving
  'Australia/Lord_Howe', // half-hour daylight saving
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 / -02:30
];

describe('timeCell', () => {
  it('writes what the shared formatters write, through every day of 2026 in zones with odd offsets', () => {
    const mismatches: string[] = [];
    for (const zone of ZONES) {
      // Every 63 minutes (plus 1.234 s) over 28 hours around each UTC midnight: each day's transition hours.
      for (let day = 0; day < 365; day++) {
        const midnight = Date.UTC(2026, 0, 1) + day * 86_400_000;
        const step = 7 * 60_000;
        for (let ms = midnight - 12 * 3_600_000; ms < midnight + 16 * 3_600_000; ms += step * 9) {
          const at = new Date(ms + 1234);
          if (timeCell(at, zone) !== reference(at, zone)) mismatches.push(`${zone} ${at.toISOString()}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('is exact on both sides of a transition, to the second', () => {
    // Berlin springs forward at 01:00 UTC on 29 March 2026; New York at 07:00 UTC on 8 March.
    const cases: [string, string][] = [
      ['Europe/Berlin', '2026-03-29T00:59:59Z'],
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['America/New_York', '2026-03-08T06:59:59Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T14:59:59Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ];
    for (const [zone, iso] of cases) {
      const at = new Date(iso);
      expect(timeCell(at, zone)).toBe(reference(at, zone));
    }
    expect(timeCell(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      'Mar 29, 2026 - 03:00:00 AM Europe/Berlin (GMT+2)',
    );
  });

  it('accepts the API strings and leaves an absent or broken time empty', () => {
    expect(timeCell('2026-07-04T18:05:09Z', 'Asia/Kolkata')).toBe(
      'Jul 4, 2026 - 11:35:09 PM Asia/Kolkata (GMT+5:30)',
    );
    expect(timeCell(null, 'UTC')).toBeNull();
    expect(timeCell('not a date', 'UTC')).toBeNull();
  });
});
