import { formatAmount } from '@marquee/contract';
import { formatDateTimeSeconds, type InstantInput, zoneLabel } from '@marquee/time';

/** One cell of an export: text, a whole number, or empty. */
export type Cell = string | number | null;

/**
 * Money as people read it in a spreadsheet: major units with the currency's own digits, then its code
 * (1250 EUR → "12.50 EUR", 1250 JPY → "1250 JPY"). Exact: no floating point on the way.
 */
export const moneyCell = (amount: number, currency: string): string => formatAmount(amount, currency);

/**
 * An instant as the event's zone reads it, in the spec's `MMM d, y - hh:mm:ss a`, then the zone and its
 * offset at that instant, so a reader in another zone knows which clock it is:
 * "Mar 4, 2026 - 07:05:00 PM Europe/London (GMT)".
 */
export function timeCell(value: InstantInput, zone: string): Cell {
  if (value === null || value === undefined) return null;
  const at = value instanceof Date ? value : new Date(value);
  // Rows of one date repeat its start: formatting in a zone is the costly part of a row.
  const key = `${zone}|${at.getTime()}`;
  if (key !== last.key) last = { key, text: `${formatDateTimeSeconds(at, zone)} ${zoneLabel(zone, at)}` };
  return last.text;
}
let last = { key: '', text: '' };
