import type { ClassSchedule } from '@marquee/contract';
import { wallClockToInstant } from './wall-clock.js';

/** One generated session: instants (ISO, UTC) the API stores. */
export interface SessionTimes {
  startsAt: string;
  endsAt: string;
}

const DAY = 86_400_000;
const MINUTE = 60_000;

/** `YYYY-MM-DD` as a day number (days since 1970-01-01); plain calendar arithmetic, no zone involved. */
function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY;
}

const isoDate = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * The sessions of a weekly class schedule, in date order: on each chosen weekday from the first to the
 * last date (both included), starting at `startTime` on the clocks of `zone` — the same wall-clock time
 * across a daylight-saving change, so the instants move by the change — and lasting `durationMinutes`
 * of real time. A start inside a spring-forward gap moves on by the gap (02:30 → 03:30); one in the
 * hour that happens twice takes its first pass. Generation stops after `limit` sessions, so a schedule
 * spanning years cannot run away; the caller compares the length with its own maximum.
 */
export function weeklySessions(schedule: ClassSchedule, zone: string, limit = 1000): SessionTimes[] {
  const first = dayNumber(schedule.firstDate);
  const last = dayNumber(schedule.lastDate);
  const days = new Set(schedule.days);
  const sessions: SessionTimes[] = [];
  for (let day = first; day <= last && sessions.length < limit; day++) {
    // Day 0 (1970-01-01) was a Thursday; 0 = Sunday as in Date#getUTCDay.
    const weekday = (((day + 4) % 7) + 7) % 7;
    if (!days.has(weekday)) continue;
    const start = wallClockToInstant(`${isoDate(day)} ${schedule.startTime}`, zone);
    sessions.push({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + schedule.durationMinutes * MINUTE).toISOString(),
    });
  }
  return sessions;
}
