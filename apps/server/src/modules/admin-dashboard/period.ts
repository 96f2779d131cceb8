import type { DashboardPeriod } from '@marquee/contract';
import { formatInZone } from '@marquee/time';

const DAY_MS = 86_400_000;

/** Longer ranges are charted by month rather than by day. */
export const DAILY_SERIES_MAX_DAYS = 92;

export interface DayRange {
  /** yyyy-MM-dd, both included. */
  from: string;
  to: string;
}

export interface DashboardRange {
  current: DayRange;
  previous: DayRange;
  days: number;
  bucket: 'DAY' | 'MONTH';
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => toDay(dayMs(day) + n * DAY_MS);

/**
 * The period's calendar days in the caller's zone, and the previous period: the same number of days
 * right before it (THIS_YEAR compares with as many days before the 1st of January).
 */
export function dashboardRange(
  period: DashboardPeriod,
  now: Date,
  zone: string,
  custom: { from?: string; to?: string },
): DashboardRange {
  const today = formatInZone(now, 'yyyy-MM-dd', zone);
  let current: DayRange;
  switch (period) {
    case 'TODAY':
      current = { from: today, to: today };
      break;
    case 'LAST_7_DAYS':
      current = { from: addDays(today, -6), to: today };
      break;
    case 'LAST_30_DAYS':
      current = { from: addDays(today, -29), to: today };
      break;
    case 'THIS_YEAR':
      current = { from: `${today.slice(0, 4)}-01-01`, to: today };
      break;
    case 'CUSTOM':
      current = { from: custom.from ?? today, to: custom.to ?? today };
      break;
  }
  const days = Math.round((dayMs(current.to) - dayMs(current.from)) / DAY_MS) + 1;
  const previous = { from: addDays(current.from, -days), to: addDays(current.from, -1) };
  return { current, previous, days, bucket: days > DAILY_SERIES_MAX_DAYS ? 'MONTH' : 'DAY' };
}

/** The chart's buckets from the first day to the last: each day, or each month's first day. */
export function buckets(range: DayRange, bucket: 'DAY' | 'MONTH'): string[] {
  const out: string[] = [];
  if (bucket === 'DAY') {
    for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) break;
    out.push(`${key}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Change against the previous period in percent, one decimal; null when there was nothing before. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}
