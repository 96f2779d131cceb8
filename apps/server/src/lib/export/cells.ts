import { formatAmount } from '@marquee/contract';
import { formatOffset, type InstantInput, zoneOffsetMinutes } from '@marquee/time';

/** One cell of an export: text, a whole number, or empty. */
export type Cell = string | number | null;

/**
 * Money as people read it in a spreadsheet: major units with the currency's own digits, then its code
 * (1250 EUR → "12.50 EUR", 1250 JPY → "1250 JPY"). Exact: no floating point on the way.
 */
export const moneyCell = (amount: number, currency: string): string => formatAmount(amount, currency);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const QUARTER_HOUR_MS = 15 * 60_000;
/** Offsets by zone and UTC quarter hour; cleared when large (a file spans at most a few years of them). */
const offsets = new Map<string, number>();

/**
 * The zone's offset at `ms`. Asking Intl for it costs ~5 µs, three times per exported row: at a million
 * rows that was most of an export's time. Offsets change only at transitions, so the offset is kept per
 * UTC quarter hour — but only for a quarter hour with the same offset at both ends, so an instant in one
 * with a transition inside is always worked out exactly.
 */
function offsetMinutes(zone: string, ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR_MS;
  const first = zoneOffsetMinutes(zone, new Date(start));
  if (first !== zoneOffsetMinutes(zone, new Date(start + QUARTER_HOUR_MS - 1))) {
    return zoneOffsetMinutes(zone, new Date(ms));
  }
  if (offsets.size >= 200_000) offsets.clear();
  offsets.set(key, first);
  return first;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * An instant as the event's zone reads it, in the spec's `MMM d, y - hh:mm:ss a`, then the zone and its
 * offset at that instant, so a reader in another zone knows which clock it is:
 * "Mar 4, 2026 - 07:05:00 PM Europe/London (GMT)". The same text as `formatDateTimeSeconds` and
 * `zoneLabel` of @marquee/time (cells.test.ts compares them across transitions), built from the offset
 * with plain arithmetic because an export formats millions of them.
 */
export function timeCell(value: InstantInput, zone: string): Cell {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const offset = offsetMinutes(zone, ms);
  const local = new Date(ms + offset * 60_000);
  const hours = local.getUTCHours();
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()} - ${two(hours % 12 || 12)}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'} ${zone} (${formatOffset(offset)})`;
}
