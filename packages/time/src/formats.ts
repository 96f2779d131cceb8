import { tz } from '@date-fns/tz';
import { DATE_FORMATS } from '@marquee/contract';
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { zoneOffsetMinutes } from './zones.js';

/** The spec's formats (date-fns tokens); the contract's `DATE_FORMATS` is the single source. */
export const TIME_FORMAT = DATE_FORMATS.time; // h:mm a → 7:05 PM
export const DATE_FORMAT = DATE_FORMATS.date; // MMM d, yyyy → Mar 4, 2026
export const DAY_DATE_FORMAT = DATE_FORMATS.dayDate; // EE, MMM d, yyyy → Wed, Mar 4, 2026
export const DATE_TIME_SECONDS_FORMAT = DATE_FORMATS.dateTimeSeconds; // MMM d, y - hh:mm:ss a
export const COMPACT_DATE_TIME_FORMAT = DATE_FORMATS.compactDateTime; // d/MMM/yy-hh:mm a

/** A `timestamptz` as the API sends it (ISO string) or as the server reads it (Date). */
export type InstantInput = Date | string | number | null | undefined;

/** The instant, or null when absent or not a date: screens then show nothing rather than "Invalid Date". */
export function toInstant(value: InstantInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return isValid(date) ? date : null;
}

/**
 * Shows an instant as the wall clock of `zone` reads it. The machine's own zone plays no part,
 * so the server (UTC) and a browser anywhere print the same text for the same zone.
 */
export function formatInZone(value: InstantInput, pattern: string, zone: string): string {
  const date = toInstant(value);
  if (!date) return '';
  zoneOffsetMinutes(zone, date); // throws for an unknown zone
  return format(date, pattern, { in: tz(zone) });
}

export const formatTime = (value: InstantInput, zone: string) => formatInZone(value, TIME_FORMAT, zone);
export const formatDate = (value: InstantInput, zone: string) => formatInZone(value, DATE_FORMAT, zone);
export const formatDayDate = (value: InstantInput, zone: string) =>
  formatInZone(value, DAY_DATE_FORMAT, zone);
export const formatDateTimeSeconds = (value: InstantInput, zone: string) =>
  formatInZone(value, DATE_TIME_SECONDS_FORMAT, zone);
export const formatCompactDateTime = (value: InstantInput, zone: string) =>
  formatInZone(value, COMPACT_DATE_TIME_FORMAT, zone);
