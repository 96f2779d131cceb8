import { DATE_FORMATS } from '@marquee/contract';
import { format, isValid } from 'date-fns';

export type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** Formats with one of the spec's patterns; an absent or invalid date gives '' so screens show nothing. */
function formatWith(pattern: string, value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, pattern) : '';
}

/** `h:mm a`, e.g. 7:05 PM */
export const formatTime = (value: DateInput) => formatWith(DATE_FORMATS.time, value);
/** `MMM d, yyyy`, e.g. Mar 4, 2026 */
export const formatDate = (value: DateInput) => formatWith(DATE_FORMATS.date, value);
/** `EE, MMM d, yyyy`, e.g. Wed, Mar 4, 2026 */
export const formatDayDate = (value: DateInput) => formatWith(DATE_FORMATS.dayDate, value);
/** `MMM d, y - hh:mm:ss a`, e.g. Mar 4, 2026 - 07:05:09 PM */
export const formatDateTimeSeconds = (value: DateInput) => formatWith(DATE_FORMATS.dateTimeSeconds, value);
/** `d/MMM/yy-hh:mm a`, e.g. 4/Mar/26-07:05 PM */
export const formatCompactDateTime = (value: DateInput) => formatWith(DATE_FORMATS.compactDateTime, value);
