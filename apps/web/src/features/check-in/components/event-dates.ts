import type { CheckInEvent } from '@marquee/contract';
import { formatDayDate, formatTime, isValidTimeZone } from '@marquee/time';

/** The zone an event's times are shown in: its own; UTC when this browser does not know it (every time would throw). */
export function eventZone(event: Pick<CheckInEvent, 'timeZone'>): string {
  return isValidTimeZone(event.timeZone) ? event.timeZone : 'UTC';
}

/** A date of the event as the door names it: `Wed, Mar 4, 2026 · 7:00 PM`, on the event's clock. */
export function dateLabel(startsAt: string, zone: string): string {
  return `${formatDayDate(startsAt, zone)} · ${formatTime(startsAt, zone)}`;
}

/** Whether a date starts today on the event's clock. */
export function isToday(startsAt: string, zone: string, now: Date = new Date()): boolean {
  return formatDayDate(startsAt, zone) === formatDayDate(now, zone);
}
