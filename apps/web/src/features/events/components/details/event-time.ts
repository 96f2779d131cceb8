import { formatDate, formatDayDate, formatTime, toInstant, zoneLabel, zoneLongName } from '@marquee/time';

/**
 * An event's times are always shown on the wall clock of its own zone (its venue's, or the one chosen
 * for an online event), never the viewer's, and the zone is named beside them.
 */
export interface EventWhen {
  /** `Wed, Mar 4, 2026` (or a range of dates `Mar 4, 2026 – Mar 6, 2026`). */
  dates: string;
  /** `7:00 PM – 10:00 PM`, empty for a multi-day range. */
  times: string;
  /** `Europe/Berlin (GMT+1)`. */
  zone: string;
  /** `Central European Standard Time`, for a tooltip or screen readers. */
  zoneName: string;
}

function safeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    zoneLabel(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

export function eventWhen(
  startsAt: string | null,
  endsAt: string | null,
  timeZone: string | null,
): EventWhen | null {
  const start = toInstant(startsAt);
  if (!start) return null;
  const zone = safeZone(timeZone);
  const end = toInstant(endsAt);
  const sameDay = !end || formatDate(start, zone) === formatDate(end, zone);
  return {
    dates: sameDay ? formatDayDate(start, zone) : `${formatDate(start, zone)} – ${formatDate(end, zone)}`,
    times: sameDay
      ? `${formatTime(start, zone)}${end ? ` – ${formatTime(end, zone)}` : ''}`
      : `${formatTime(start, zone)} – ${formatTime(end, zone)}`,
    zone: zoneLabel(zone, start),
    zoneName: zoneLongName(zone, start),
  };
}
