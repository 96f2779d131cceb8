import { formatDate, formatDayDate, formatTime, zoneLabel } from '@marquee/time';

/**
 * `Sat, Mar 7, 2026 · 7:00 PM – 10:00 PM` in the event's zone; a range over midnight names both days.
 * Buyers may be anywhere, so the page always says which zone this is (see {@link zoneNote}).
 */
export function dateRange(startsAt: string, endsAt: string, zone: string): string {
  const start = `${formatDayDate(startsAt, zone)} · ${formatTime(startsAt, zone)}`;
  if (formatDate(startsAt, zone) === formatDate(endsAt, zone))
    return `${start} – ${formatTime(endsAt, zone)}`;
  return `${start} – ${formatDayDate(endsAt, zone)} · ${formatTime(endsAt, zone)}`;
}

/** `Times in Europe/Berlin (GMT+1)`, with the offset the zone has on that date. */
export const zoneNote = (zone: string, at: string) => `Times in ${zoneLabel(zone, new Date(at))}`;

export const dateTime = (value: string, zone: string) =>
  `${formatDayDate(value, zone)} · ${formatTime(value, zone)}`;
