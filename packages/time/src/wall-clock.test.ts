import { describe, expect, it } from 'vitest';
import {
  describeResolution,
  formatWallClock,
  parseWallClock,
  resolveWallClock,
  WallClockGapError,
  wallClockOf,
  wallClockToInstant,
} from './wall-clock.js';

const iso = (d: Date) => d.toISOString();

describe('a wall-clock time that happens once', () => {
  it.each([
    ['UTC', '2026-07-01 09:00:00', '2026-07-01T09:00:00.000Z'],
    ['Europe/Berlin', '2026-01-15 09:00:00', '2026-01-15T08:00:00.000Z'],
    ['Europe/Berlin', '2026-07-15 09:00:00', '2026-07-15T07:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-05 00:30:00', '2026-03-04T19:00:00.000Z'],
    ['America/New_York', '2026-03-07 23:59:00', '2026-03-08T04:59:00.000Z'],
    ['Australia/Lord_Howe', '2026-01-10 12:00:00', '2026-01-10T01:00:00.000Z'],
    ['Pacific/Chatham', '2026-01-10 12:00:00', '2026-01-09T22:15:00.000Z'],
  ])('%s %s is %s, and reads back the same', (zone, wall, expected) => {
    const resolution = resolveWallClock(wall, zone);
    expect(resolution.kind).toBe('exact');
    expect(iso(resolution.instant)).toBe(expected);
    expect(formatWallClock(wallClockOf(expected, zone))).toBe(wall);
  });
});

describe('a wall-clock time in the spring-forward gap moves on by the gap', () => {
  it.each([
    // zone, entered, instant, wall clock it becomes, skipped from, skipped to
    ['America/New_York', '2026-03-08 02:30:00', '2026-03-08T07:30:00.000Z', '03:30', '02:00', '03:00'],
    ['Europe/Berlin', '2026-03-29 02:15:00', '2026-03-29T01:15:00.000Z', '03:15', '02:00', '03:00'],
    // Lord Howe moves its clocks by half an hour.
    ['Australia/Lord_Howe', '2026-10-04 02:10:00', '2026-10-03T15:40:00.000Z', '02:40', '02:00', '02:30'],
    // Chatham (+12:45 → +13:45) jumps at 02:45.
    ['Pacific/Chatham', '2026-09-27 03:00:00', '2026-09-26T14:15:00.000Z', '04:00', '02:45', '03:45'],
  ])('%s %s', (zone, wall, instant, shiftedTo, from, to) => {
    const r = resolveWallClock(wall, zone);
    if (r.kind !== 'gap') throw new Error(`expected a gap, got ${r.kind}`);
    expect(iso(r.instant)).toBe(instant);
    const hhmm = (w: { hour: number; minute: number }) =>
      `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
    expect(hhmm(r.shiftedTo)).toBe(shiftedTo);
    expect(hhmm(wallClockOf(r.instant, zone))).toBe(shiftedTo);
    expect([hhmm(r.skipped.from), hhmm(r.skipped.to)]).toEqual([from, to]);
    expect(iso(wallClockToInstant(wall, zone))).toBe(instant);
  });

  it('is refused with a message naming the gap when the caller asks for that', () => {
    const attempt = () => wallClockToInstant('2026-03-08 02:30', 'America/New_York', { gap: 'reject' });
    expect(attempt).toThrow(WallClockGapError);
    expect(attempt).toThrow(
      '2:30 AM on Mar 8, 2026 does not exist in America/New_York: the clocks go forward from 2:00 AM to 3:00 AM.',
    );
  });

  it('is explained to the person who typed it', () => {
    const wall = '2026-03-08 02:30:00';
    const r = resolveWallClock(wall, 'America/New_York');
    expect(describeResolution(wall, 'America/New_York', r)).toBe(
      '2:30 AM on Mar 8, 2026 does not exist in America/New_York: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
    );
  });
});

describe('a wall-clock time in the fall-back overlap', () => {
  it.each([
    ['America/New_York', '2026-11-01 01:30:00', '2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z'],
    ['Europe/Berlin', '2026-10-25 02:30:00', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05 01:45:00', '2026-04-04T14:45:00.000Z', '2026-04-04T15:15:00.000Z'],
    ['Pacific/Chatham', '2026-04-05 03:00:00', '2026-04-04T13:15:00.000Z', '2026-04-04T14:15:00.000Z'],
  ])('%s %s is the earlier pass unless the later is asked for', (zone, wall, earlier, later) => {
    const r = resolveWallClock(wall, zone);
    if (r.kind !== 'overlap') throw new Error(`expected an overlap, got ${r.kind}`);
    expect([iso(r.earlier), iso(r.later)]).toEqual([earlier, later]);
    expect(iso(wallClockToInstant(wall, zone))).toBe(earlier);
    expect(iso(wallClockToInstant(wall, zone, { overlap: 'later' }))).toBe(later);
    // Both instants read back as the wall-clock time that was entered.
    expect(formatWallClock(wallClockOf(earlier, zone))).toBe(wall);
    expect(formatWallClock(wallClockOf(later, zone))).toBe(wall);
  });

  it('says which pass was used', () => {
    const wall = '2026-11-01 01:30';
    const zone = 'America/New_York';
    expect(describeResolution(wall, zone, resolveWallClock(wall, zone))).toBe(
      '1:30 AM happens twice on Nov 1, 2026 in America/New_York (the clocks go back); the first one (GMT-4) is used.',
    );
    expect(describeResolution(wall, zone, resolveWallClock(wall, zone, { overlap: 'later' }))).toBe(
      '1:30 AM happens twice on Nov 1, 2026 in America/New_York (the clocks go back); the second one (GMT-5) is used.',
    );
  });

  it('has no note for a time that happens once', () => {
    const wall = '2026-11-01 03:30';
    expect(
      describeResolution(wall, 'America/New_York', resolveWallClock(wall, 'America/New_York')),
    ).toBeNull();
  });
});

describe('instant → wall clock', () => {
  it('reads an instant on the clocks of several zones', () => {
    const at = '2026-03-04T19:05:09Z';
    expect(formatWallClock(wallClockOf(at, 'UTC'))).toBe('2026-03-04 19:05:09');
    expect(formatWallClock(wallClockOf(at, 'Asia/Kolkata'))).toBe('2026-03-05 00:35:09');
    expect(formatWallClock(wallClockOf(new Date(at), 'America/New_York'))).toBe('2026-03-04 14:05:09');
    expect(formatWallClock(wallClockOf(at, 'Pacific/Chatham'))).toBe('2026-03-05 08:50:09');
  });

  it('refuses what is not a date, and an unknown zone', () => {
    expect(() => wallClockOf('soon', 'UTC')).toThrow(RangeError);
    expect(() => wallClockOf('2026-03-04T19:05:09Z', 'Nowhere/Special')).toThrow('Unknown time zone');
    expect(() => wallClockToInstant('2026-03-04 10:00', 'Nowhere/Special')).toThrow('Unknown time zone');
  });
});

describe('wall-clock text', () => {
  it('reads the forms pickers and inputs give', () => {
    expect(parseWallClock('2026-03-08 02:30:15')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 2,
      minute: 30,
      second: 15,
    });
    expect(parseWallClock('2026-03-08T02:30')).toMatchObject({ hour: 2, minute: 30, second: 0 });
    expect(parseWallClock('2026-03-08')).toMatchObject({ day: 8, hour: 0, minute: 0 });
  });

  it.each(['2026-02-30 10:00', '2026-13-01', '2026-03-08 24:00', '8/3/2026', ''])('refuses %j', (text) => {
    expect(parseWallClock(text)).toBeNull();
    if (text) expect(() => wallClockToInstant(text, 'UTC')).toThrow(RangeError);
  });
});
