import { CURRENCY_MINOR_DIGITS } from '@marquee/contract';
import { type InstantInput, zoneOffsetMinutes } from '@marquee/time';

/**
 * An instant on a zone's clock: `ms` the instant, `offset` the zone's offset then (minutes east of UTC).
 * A CSV writes it as ISO 8601 with that offset; a workbook as a date cell holding the wall-clock time,
 * because Excel dates have no zone (the file names the zone in its own column).
 */
export class TimeValue {
  constructor(
    readonly ms: number,
    readonly offset: number,
  ) {}

  /** The wall-clock time as a Date whose UTC fields read it (what exceljs turns into a serial date). */
  get wallClock(): Date {
    return new Date(this.ms + this.offset * 60_000);
  }
}

/**
 * An amount in minor units with its currency's digits. A CSV writes it in major units with exactly
 * those digits ("35.00", no code: the currency has its own column); a workbook as a number cell with a
 * matching number format, so a spreadsheet sums it.
 */
export class AmountValue {
  constructor(
    readonly minor: number,
    readonly digits: number,
  ) {}
}

/** One cell of an export: text, a whole number, an instant, an amount, or empty. */
export type Cell = string | number | TimeValue | AmountValue | null;

const DIGITS = CURRENCY_MINOR_DIGITS as Record<string, number>;

/**
 * Money as a spreadsheet sums it: the amount (major units, the currency's digits) in this cell, the
 * currency code in the row's Currency column. A code outside ISO 4217 has no known digits: its minor
 * units are written as they are (the currency column still names it).
 */
export const moneyCell = (amount: number, currency: string): AmountValue =>
  new AmountValue(amount, Object.hasOwn(DIGITS, currency) ? (DIGITS[currency] as number) : 0);

/** "00" … "99". */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/** "35.00" from 3500 and 2 digits: exact, no floating point on the way (amounts are integers). */
export function majorText(value: AmountValue): string {
  const { minor, digits } = value;
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const scale = 10 ** digits;
  const whole = Math.floor(abs / scale);
  const part = abs - whole * scale;
  return `${sign}${whole}.${digits === 2 ? TWO_DIGITS[part] : String(part).padStart(digits, '0')}`;
}

/** The amount in major units as a number (a workbook's cell); exact to the currency's digits. */
export const majorNumber = (value: AmountValue): number =>
  value.digits === 0 ? value.minor : value.minor / 10 ** value.digits;

const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Per zone, offsets by UTC day and by UTC quarter hour; cleared when large. */
const byDay = new Map<string, Map<number, number>>();
const byQuarter = new Map<string, Map<number, number>>();
const CACHE_LIMIT = 200_000;

function cacheOf(caches: Map<string, Map<number, number>>, zone: string): Map<number, number> {
  let cache = caches.get(zone);
  if (!cache) {
    cache = new Map();
    caches.set(zone, cache);
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  return cache;
}

/** The offset over [start, start + span) when it is the same at its start, middle and last moment. */
function steadyOffset(zone: string, start: number, span: number): number | undefined {
  const first = zoneOffsetMinutes(zone, new Date(start));
  if (first !== zoneOffsetMinutes(zone, new Date(start + span / 2))) return undefined;
  if (first !== zoneOffsetMinutes(zone, new Date(start + span - 1))) return undefined;
  return first;
}

/**
 * The zone's offset at `ms`. Asking Intl for it costs ~5 µs, three times per exported row: at a million
 * rows that was most of an export's time. Offsets change only at transitions, so the offset is kept per
 * UTC day where the day has one offset throughout (nearly every day: a platform's million orders span a
 * few thousand zone-days, where quarter hours were too many to keep and the cache kept emptying), else
 * per UTC quarter hour with one offset; an instant in a quarter hour with a transition inside is always
 * worked out exactly.
 */
function offsetMinutes(zone: string, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  const days = cacheOf(byDay, zone);
  const known = days.get(day);
  if (known !== undefined) return known;
  const wholeDay = steadyOffset(zone, day * DAY_MS, DAY_MS);
  if (wholeDay !== undefined) {
    days.set(day, wholeDay);
    return wholeDay;
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const quarters = cacheOf(byQuarter, zone);
  const knownQuarter = quarters.get(quarter);
  if (knownQuarter !== undefined) return knownQuarter;
  const steady = steadyOffset(zone, quarter * QUARTER_HOUR_MS, QUARTER_HOUR_MS);
  if (steady === undefined) return zoneOffsetMinutes(zone, new Date(ms));
  quarters.set(quarter, steady);
  return steady;
}

/**
 * An instant on the zone's clock (the event's, or the caller's for a user list); empty when absent. An
 * export's rows give it as epoch milliseconds (cursor.ts); the API's strings and Dates work too.
 */
export function timeCell(value: InstantInput, zone: string): TimeValue | null {
  if (value === null || value === undefined || value === '') return null;
  const ms =
    typeof value === 'number' ? value : value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (!Number.isFinite(ms)) return null;
  return new TimeValue(ms, offsetMinutes(zone, ms));
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The texts an ISO time is made of, each made once: a local day's "2026-03-04T" (kept per day, cleared
 * when large), a second of the day's "19:05:00", an offset's "+01:00". A million-order export writes
 * three times a row from a few thousand days and a handful of offsets.
 */
const dayTexts = new Map<number, string>();
const clockTexts: string[] = [];
const offsetTexts = new Map<number, string>();

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const date = new Date(day * DAY_MS);
    text = `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T`;
    if (dayTexts.size >= CACHE_LIMIT) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

function clockText(second: number): string {
  let text = clockTexts[second];
  if (text === undefined) {
    text = `${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`;
    clockTexts[second] = text;
  }
  return text;
}

function offsetText(minutes: number): string {
  let text = offsetTexts.get(minutes);
  if (text === undefined) {
    const abs = Math.abs(minutes);
    text = `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
    offsetTexts.set(minutes, text);
  }
  return text;
}

/**
 * ISO 8601 with the offset, to the second: "2026-03-04T19:05:00+01:00". Built from cached parts
 * because an export formats millions of them (cells.test.ts compares it with date-fns across transitions).
 */
export function isoText(value: TimeValue): string {
  const local = value.ms + value.offset * 60_000;
  const day = Math.floor(local / DAY_MS);
  return dayText(day) + clockText(Math.floor((local - day * DAY_MS) / 1000)) + offsetText(value.offset);
}
