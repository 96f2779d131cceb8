import { wallClockOf, wallClockToInstant } from '@marquee/time';
import type { StoredSchedule } from './schema/index.js';

/**
 * Calendar arithmetic for the demo events: dates are days on the wall calendar of the event's zone and
 * times are read off its clocks, so "next Saturday 19:00 Europe/Berlin" is 19:00 there whatever the
 * offset, also across a change of summer time between two sessions.
 */
export interface PlainDate {
  year: number;
  month: number;
  day: number;
}

export interface DemoSession {
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 86_400_000;

const asUtc = (d: PlainDate) => Date.UTC(d.year, d.month - 1, d.day);
function fromUtc(ms: number): PlainDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export const addDays = (date: PlainDate, days: number): PlainDate => fromUtc(asUtc(date) + days * DAY_MS);
/** 0 = Sunday … 6 = Saturday, as `ClassSchedule.days` counts them. */
export const weekdayOf = (date: PlainDate): number => new Date(asUtc(date)).getUTCDay();
export const isoDate = (date: PlainDate): string => new Date(asUtc(date)).toISOString().slice(0, 10);

/**
 * The given weekday after today in `zone` (never today, so it is still ahead whatever the hour), moved
 * by whole weeks: `weeks` -3 is that weekday three weeks before the coming one.
 */
export function comingWeekday(now: Date, zone: string, weekday: number, weeks = 0): PlainDate {
  const today = wallClockOf(now, zone);
  const ahead = (weekday - weekdayOf(today) + 7) % 7 || 7;
  return addDays(today, ahead + weeks * 7);
}

/** One session starting at `time` (`HH:mm`) on `date` in `zone`, lasting `minutes`. */
export function sessionAt(date: PlainDate, time: string, minutes: number, zone: string): DemoSession {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const startsAt = wallClockToInstant({ ...date, hour, minute, second: 0 }, zone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
}

/** The sessions of a weekly schedule, as the class form generates them, and the schedule kept with them. */
export function weeklySessions(
  schedule: { days: number[]; startTime: string; durationMinutes: number; first: PlainDate; last: PlainDate },
  zone: string,
): { sessions: DemoSession[]; schedule: StoredSchedule } {
  const sessions: DemoSession[] = [];
  for (let date = schedule.first; asUtc(date) <= asUtc(schedule.last); date = addDays(date, 1)) {
    if (schedule.days.includes(weekdayOf(date))) {
      sessions.push(sessionAt(date, schedule.startTime, schedule.durationMinutes, zone));
    }
  }
  return {
    sessions,
    schedule: {
      days: schedule.days,
      startTime: schedule.startTime,
      durationMinutes: schedule.durationMinutes,
      firstDate: isoDate(schedule.first),
      lastDate: isoDate(schedule.last),
    },
  };
}
