import { describe, expect, it } from 'vitest';
import { formatOffset, isValidTimeZone, zoneLabel, zoneLongName, zoneOffsetMinutes } from './zones.js';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('IANA zone names', () => {
  it.each([
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Asia/Kolkata',
    'Asia/Calcutta',
    'America/Argentina/Buenos_Aires',
    'Australia/Lord_Howe',
  ])('accepts %s', (name) => {
    expect(isValidTimeZone(name)).toBe(true);
  });

  // `Etc/GMT+5` is IANA but names no place, and the runtime's list leaves it out: an event has a place.
  it.each([
    '',
    'Etc/GMT+5',
    'Foo/Bar',
    '+01:00',
    'EST',
    'europe/berlin',
    'utc',
    'Europe/Berlin ',
    'Europe',
    42,
    null,
  ])('refuses %j', (name) => {
    expect(isValidTimeZone(name)).toBe(false);
  });
});

describe('a zone’s name and offset', () => {
  it('says the offset at the given instant, which changes with daylight saving', () => {
    expect(zoneLabel('Europe/Berlin', WINTER)).toBe('Europe/Berlin (GMT+1)');
    expect(zoneLabel('Europe/Berlin', SUMMER)).toBe('Europe/Berlin (GMT+2)');
    expect(zoneLabel('America/New_York', WINTER)).toBe('America/New_York (GMT-5)');
    expect(zoneLabel('Asia/Kolkata', SUMMER)).toBe('Asia/Kolkata (GMT+5:30)');
    expect(zoneLabel('Pacific/Chatham', WINTER)).toBe('Pacific/Chatham (GMT+13:45)');
    expect(zoneLabel('Australia/Lord_Howe', SUMMER)).toBe('Australia/Lord_Howe (GMT+10:30)');
    expect(zoneLabel('UTC', SUMMER)).toBe('UTC (GMT)');
  });

  it('gives minutes east of UTC', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', WINTER)).toBe(330);
    expect(zoneOffsetMinutes('America/New_York', SUMMER)).toBe(-240);
    expect(() => zoneOffsetMinutes('Atlantis/Capital', WINTER)).toThrow('Unknown time zone');
  });

  it('writes negative and fractional offsets', () => {
    expect(formatOffset(-210)).toBe('GMT-3:30');
    expect(formatOffset(-570)).toBe('GMT-9:30');
    expect(formatOffset(345)).toBe('GMT+5:45');
  });

  it('gives the long name for the season', () => {
    expect(zoneLongName('Europe/Berlin', WINTER)).toBe('Central European Standard Time');
    expect(zoneLongName('Europe/Berlin', SUMMER)).toBe('Central European Summer Time');
    expect(zoneLongName('America/New_York', SUMMER)).toBe('Eastern Daylight Time');
  });
});
