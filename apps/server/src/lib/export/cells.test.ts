import { formatInZone } from '@marquee/time';
import { describe, expect, it } from 'vitest';
import { isoText, majorNumber, majorText, moneyCell, timeCell } from './cells.js';
import { csvLine } from './csv.js';

/** ISO 8601 with the offset, as date-fns writes it on the zone's clock. */
const reference = (at: Date, zone: string) => formatInZone(at, "yyyy-MM-dd'T'HH:mm:ssxxx", zone);
const iso = (at: Date | string | null, zone: string) => {
  const cell = timeCell(at, zone);
  return cell ? isoText(cell) : null;
};

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
  it('writes what date-fns writes, through every day of 2026 in zones with odd offsets', () => {
    const mismatches: string[] = [];
    for (const zone of ZONES) {
      // Every 63 minutes (plus 1.234 s) over 28 hours around each UTC midnight: each day's transition hours.
      for (let day = 0; day < 365; day++) {
        const midnight = Date.UTC(2026, 0, 1) + day * 86_400_000;
        const step = 7 * 60_000;
        for (let ms = midnight - 12 * 3_600_000; ms < midnight + 16 * 3_600_000; ms += step * 9) {
          const at = new Date(ms + 1234);
          if (iso(at, zone) !== reference(at, zone)) mismatches.push(`${zone} ${at.toISOString()}`);
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
    for (const [zone, text] of cases) {
      const at = new Date(text);
      expect(iso(at, zone)).toBe(reference(at, zone));
    }
    expect(iso(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29T01:59:59+01:00');
    expect(iso(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:00:00+02:00');
  });

  it('accepts the API strings, keeps the wall clock for a workbook, and leaves an absent or broken time empty', () => {
    expect(iso('2026-07-04T18:05:09Z', 'Asia/Kolkata')).toBe('2026-07-04T23:35:09+05:30');
    expect(iso('2026-07-04T18:05:09Z', 'America/St_Johns')).toBe('2026-07-04T15:35:09-02:30');
    expect(timeCell('2026-07-04T18:05:09Z', 'Asia/Kolkata')?.wallClock.toISOString()).toBe(
      '2026-07-04T23:35:09.000Z',
    );
    expect(timeCell(null, 'UTC')).toBeNull();
    expect(timeCell('not a date', 'UTC')).toBeNull();
  });

  it('takes epoch milliseconds (an export row’s instants) as the same instant; not a finite one is empty', () => {
    const at = Date.UTC(2026, 6, 4, 18, 5, 9, 999);
    expect(iso(new Date(at), 'Asia/Kolkata')).toBe('2026-07-04T23:35:09+05:30');
    const cell = timeCell(at, 'Asia/Kolkata');
    expect(cell && isoText(cell)).toBe('2026-07-04T23:35:09+05:30');
    expect(cell?.wallClock.toISOString()).toBe('2026-07-04T23:35:09.999Z');
    expect(timeCell(Number.POSITIVE_INFINITY, 'UTC')).toBeNull();
    expect(timeCell(Number.NaN, 'UTC')).toBeNull();
  });

  it('the cached day, clock and offset texts agree with date-fns from 1960 to 2100 (before 1970 too)', () => {
    const mismatches: string[] = [];
    // A pseudo-random walk (fixed seed) so that every run checks the same 20,000 instants.
    let seed = 12_345;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // From 1960: earlier, some of these zones had offsets with seconds (local mean time), written to the minute.
    const from = Date.UTC(1960, 0, 1);
    const span = Date.UTC(2100, 0, 1) - from;
    for (let n = 0; n < 20_000; n++) {
      const at = new Date(from + Math.floor(next() * span));
      const zone = ZONES[n % ZONES.length] as string;
      if (iso(at, zone) !== reference(at, zone)) mismatches.push(`${zone} ${at.toISOString()}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

describe('moneyCell', () => {
  it('major units with the currency’s digits: exact text for a CSV, the same number for a workbook', () => {
    const cases: [number, string, string, number][] = [
      [3500, 'USD', '35.00', 35],
      [1999, 'EUR', '19.99', 19.99],
      [5, 'USD', '0.05', 0.05],
      [-1250, 'GBP', '-12.50', -12.5],
      [1500, 'JPY', '1500', 1500],
      [1234567, 'KWD', '1234.567', 1234.567],
      [5, 'KWD', '0.005', 0.005],
      [-7, 'KWD', '-0.007', -0.007],
      [0, 'EUR', '0.00', 0],
      [-99, 'EUR', '-0.99', -0.99],
      [2_000_000_001, 'USD', '20000000.01', 20_000_000.01],
    ];
    for (const [minor, currency, text, number] of cases) {
      const cell = moneyCell(minor, currency);
      expect(majorText(cell)).toBe(text);
      expect(majorNumber(cell)).toBe(number);
      expect(Number(text)).toBe(number);
    }
  });

  it('a CSV line writes amounts and times as values a spreadsheet reads, a negative amount unguarded', () => {
    const line = csvLine(['A', moneyCell(-500, 'USD'), timeCell('2026-01-02T03:04:05Z', 'UTC'), null, '-1']);
    expect(line).toBe("A,-5.00,2026-01-02T03:04:05+00:00,,'-1\r\n");
  });
});
