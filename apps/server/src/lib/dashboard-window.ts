import {
  DASHBOARD_DAILY_MAX_DAYS,
  type DashboardPeriod,
  daysBetween,
  type OrganizerDashboard,
} from '@marquee/contract';
import { wallClockOf, wallClockToInstant } from '@marquee/time';

/** Calendar dates (yyyy-MM-dd) are shifted as UTC dates: no zone is involved in date arithmetic. */
const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => toDate(toMs(date) + days * DAY_MS);

function lastYear(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 29 February of a leap year steps back to 28 February.
  const day = Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate());
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DashboardWindow = OrganizerDashboard['period'] & {
  /** Instants: [start, end) of the period and of the previous one. */
  start: Date;
  end: Date;
  previousStart: Date;
  previousEnd: Date;
};

/** The first instant of a calendar date in a zone (its local midnight, or the first moment after a gap). */
export function startOfDay(date: string, zone: string): Date {
  return wallClockToInstant(`${date} 00:00`, zone);
}

/**
 * The days a dashboard covers, read in `zone` (docs/dashboards.md): today; the last 7 or 30 days
 * ending today; this year from 1 January to today; or the custom days. The previous period is as many
 * days right before, except for this year, compared with the same days of last year.
 */
export function dashboardWindow(
  period: DashboardPeriod,
  custom: { from?: string; to?: string },
  zone: string,
  now: Date,
): DashboardWindow {
  const local = wallClockOf(now, zone);
  const today = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
  let from = today;
  let to = today;
  if (period === 'LAST_7_DAYS') from = addDays(today, -6);
  if (period === 'LAST_30_DAYS') from = addDays(today, -29);
  if (period === 'THIS_YEAR') from = `${local.year}-01-01`;
  if (period === 'CUSTOM' && custom.from && custom.to) {
    from = custom.from;
    to = custom.to;
  }
  const days = daysBetween(from, to);
  const previousFrom = period === 'THIS_YEAR' ? lastYear(from) : addDays(from, -days);
  const previousTo = period === 'THIS_YEAR' ? lastYear(to) : addDays(from, -1);
  const bucket = period === 'THIS_YEAR' || days > DASHBOARD_DAILY_MAX_DAYS ? 'MONTH' : 'DAY';
  return {
    from,
    to,
    previousFrom,
    previousTo,
    timeZone: zone,
    bucket,
    start: startOfDay(from, zone),
    end: startOfDay(addDays(to, 1), zone),
    previousStart: startOfDay(previousFrom, zone),
    previousEnd: startOfDay(addDays(previousTo, 1), zone),
  };
}

/**
 * The chart's buckets: each day of the period, or each month (labelled by its first day, the first one
 * starting with the period), with the instant it starts at in the period's zone.
 */
export function chartBuckets(w: DashboardWindow): { label: string; start: Date }[] {
  const buckets = [{ label: w.bucket === 'DAY' ? w.from : `${w.from.slice(0, 7)}-01`, start: w.start }];
  if (w.bucket === 'DAY') {
    for (let d = addDays(w.from, 1); d <= w.to; d = addDays(d, 1))
      buckets.push({ label: d, start: startOfDay(d, w.timeZone) });
    return buckets;
  }
  let [y, m] = w.from.split('-').map(Number) as [number, number];
  for (;;) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    if (first > w.to) return buckets;
    buckets.push({ label: first, start: startOfDay(first, w.timeZone) });
  }
}

/** The instants that cut the period into its chart buckets: each bucket's start, then the period's end. */
export function bucketCuts(w: DashboardWindow): Date[] {
  return [...chartBuckets(w).map((b) => b.start), w.end];
}
