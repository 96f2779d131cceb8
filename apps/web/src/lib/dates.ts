import * as time from '@marquee/time';
import { browserZoneName } from './intl';

export type DateInput = time.InstantInput;

/**
 * The administrator's own zone: what the console shows and edits times in when a screen has no
 * zone of its own (an event brings its venue's). UTC if the browser names none we can use.
 */
export function browserTimeZone(): string {
  const zone = browserZoneName();
  return time.isValidTimeZone(zone) ? zone : 'UTC';
}

/** `h:mm a`, e.g. 7:05 PM; in `zone`, by default the browser's. Absent or invalid dates give ''. */
export const formatTime = (value: DateInput, zone = browserTimeZone()) => time.formatTime(value, zone);
/** `MMM d, yyyy`, e.g. Mar 4, 2026 */
export const formatDate = (value: DateInput, zone = browserTimeZone()) => time.formatDate(value, zone);
/** `EE, MMM d, yyyy`, e.g. Wed, Mar 4, 2026 */
export const formatDayDate = (value: DateInput, zone = browserTimeZone()) => time.formatDayDate(value, zone);
/** `MMM d, y - hh:mm:ss a`, e.g. Mar 4, 2026 - 07:05:09 PM */
export const formatDateTimeSeconds = (value: DateInput, zone = browserTimeZone()) =>
  time.formatDateTimeSeconds(value, zone);
/** `d/MMM/yy-hh:mm a`, e.g. 4/Mar/26-07:05 PM */
export const formatCompactDateTime = (value: DateInput, zone = browserTimeZone()) =>
  time.formatCompactDateTime(value, zone);
