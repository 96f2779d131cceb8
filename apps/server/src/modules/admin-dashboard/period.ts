import { type DashboardPeriod, daysBetween } from '@marquee/contract';
import { addDays, type DashboardWindow, dashboardWindow } from '../../lib/dashboard-window.js';

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
  /** The same days as instants (and the chart's buckets), as the organizer's dashboard reads them. */
  window: DashboardWindow;
}

/**
 * The period's calendar days in the caller's zone and the previous period's, as the organizer's
 * dashboard reads them (`lib/dashboard-window.ts`: one rule for both dashboards, instants included).
 */
export function dashboardRange(
  period: DashboardPeriod,
  now: Date,
  zone: string,
  custom: { from?: string; to?: string },
): DashboardRange {
  const w = dashboardWindow(period, custom, zone, now);
  return {
    current: { from: w.from, to: w.to },
    previous: { from: w.previousFrom, to: w.previousTo },
    days: daysBetween(w.from, w.to),
    bucket: w.bucket,
    window: w,
  };
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
