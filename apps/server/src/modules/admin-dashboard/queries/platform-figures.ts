import type { AdminDashboardFigures, DashboardPeriod, DashboardSeriesPoint, Trend } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import { readRolledUntil } from '../../../db/rollup.js';
import { dashboardSplits } from '../../../db/rollup-ranges.js';
import type { Clock } from '../../../lib/clock.js';
import { bucketCuts, chartBuckets } from '../../../lib/dashboard-window.js';
import { buckets, changePercent, dashboardRange } from '../period.js';
import * as statements from './figure-statements.js';

const trend = (value: number, previous: number): Trend => ({
  value,
  previous,
  changePercent: changePercent(value, previous),
});

/**
 * get-admin-dashboard: platform figures for administrators (docs/dashboards.md, "Administrator
 * dashboard"): the roll-ups' watermark, then three aggregate statements run side by side, nothing
 * loaded row by row.
 */
export async function platformFigures(
  deps: { db: Db; clock: Clock },
  query: { period: DashboardPeriod; from?: string; to?: string },
  zone: string,
): Promise<AdminDashboardFigures> {
  const { db, clock } = deps;
  const now = clock.now();
  const range = dashboardRange(query.period, now, zone, query);
  // Hours before the watermark are read from the roll-ups, the rest from the base tables.
  const rolledUntil = await readRolledUntil(db);
  const chart = chartBuckets(range.window);
  const splits = dashboardSplits(range.window, bucketCuts(range.window), rolledUntil);
  const [people, money, series] = await Promise.all([
    statements.peopleFigures(db, splits.totals, range.window, rolledUntil, now),
    statements.moneyFigures(db, splits.totals, range.window),
    statements.seriesFigures(db, splits.series, range.window, chart),
  ]);

  const currencies = money.map((m) => m.currency);
  const points = new Map<string, DashboardSeriesPoint>(
    buckets(range.current, range.bucket).map((date) => [
      date,
      { date, signUps: 0, orders: 0, grossSales: Object.fromEntries(currencies.map((c) => [c, 0])) },
    ]),
  );
  for (const row of series) {
    const point = points.get(row.bucket);
    if (!point) continue;
    if (row.kind === 'SIGN_UPS') point.signUps += row.count;
    else {
      point.orders += row.count;
      if (row.currency) point.grossSales[row.currency] = (point.grossSales[row.currency] ?? 0) + row.gross;
    }
  }

  const orders = money.reduce((sum, m) => sum + m.orders, 0);
  const ordersBefore = money.reduce((sum, m) => sum + m.ordersBefore, 0);
  return {
    period: query.period,
    range: range.current,
    previousRange: range.previous,
    timeZone: zone,
    users: { total: people.totalUsers, newInPeriod: trend(people.newUsers, people.newUsersBefore) },
    approvedOrganizers: people.approvedOrganizers,
    pendingOrganizerRequests: people.pendingOrganizerRequests,
    pendingNonProfitRequests: people.pendingNonProfitRequests,
    liveEvents: people.liveEvents,
    blockedUsers: people.blockedUsers,
    blockedEvents: people.blockedEvents,
    orders: trend(orders, ordersBefore),
    currencies: money.map((m) => ({
      currency: m.currency,
      grossSales: trend(m.gross, m.grossBefore),
      // Fees earned: service fees of the period's orders less the fee parts refunded in the period.
      feesEarned: trend(m.fees - m.feeRefunds, m.feesBefore - m.feeRefundsBefore),
      refunds: trend(m.refunds, m.refundsBefore),
    })),
    bucket: range.bucket,
    series: [...points.values()],
  };
}
