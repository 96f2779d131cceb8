import { z } from 'zod';
import { checkCustomPeriod, DASHBOARD_MESSAGES, DashboardPeriod } from './dashboard.js';
import { dayInput } from './limits.js';
import { defineRoute, envelope } from './route.js';

/**
 * The administrators' dashboard (issue 13): platform figures for a period, each with the figure of the
 * period just before it (same length) and the change. Days are read in the caller's time zone (the
 * `timezone` header, else the session's). See docs/dashboards.md, "Administrator dashboard".
 */
export const AdminDashboardQuery = z
  .object({
    period: DashboardPeriod.default('LAST_30_DAYS'),
    /** Calendar dates (yyyy-MM-dd), both included; CUSTOM only. */
    from: dayInput(DASHBOARD_MESSAGES.from).optional(),
    to: dayInput(DASHBOARD_MESSAGES.to).optional(),
  })
  .superRefine(checkCustomPeriod);
export type AdminDashboardQuery = z.input<typeof AdminDashboardQuery>;

/** A figure of the period, the same figure in the previous period, and the change in percent (null: previous 0). */
export const Trend = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  changePercent: z.number().nullable(),
});
export type Trend = z.infer<typeof Trend>;

/** Amounts in minor units of `currency`; currencies are never added together. */
export const CurrencyFigures = z.object({
  currency: z.string(),
  /** What buyers paid for orders confirmed in the period (totals, fees included). */
  grossSales: Trend,
  /** Service fees of orders confirmed in the period, less the fee parts of refunds processed in it. */
  feesEarned: Trend,
  /** Refunds processed in the period (money given back). */
  refunds: Trend,
});
export type CurrencyFigures = z.infer<typeof CurrencyFigures>;

export const DashboardSeriesPoint = z.object({
  /** The day (yyyy-MM-dd) or, for long ranges, the month's first day. */
  date: z.iso.date(),
  signUps: z.number().int(),
  orders: z.number().int(),
  /** Gross sales of that day or month per currency (minor units); currencies with no sales are 0. */
  grossSales: z.record(z.string(), z.number().int()),
});
export type DashboardSeriesPoint = z.infer<typeof DashboardSeriesPoint>;

export const AdminDashboardFigures = z.object({
  period: DashboardPeriod,
  /** The period's days in `timeZone`, both included, and the previous period's. */
  range: z.object({ from: z.iso.date(), to: z.iso.date() }),
  previousRange: z.object({ from: z.iso.date(), to: z.iso.date() }),
  timeZone: z.string(),
  users: z.object({ total: z.number().int(), newInPeriod: Trend }),
  approvedOrganizers: z.number().int(),
  pendingOrganizerRequests: z.number().int(),
  pendingNonProfitRequests: z.number().int(),
  /** Published, not blocked or archived, with a date still ahead. */
  liveEvents: z.number().int(),
  blockedUsers: z.number().int(),
  blockedEvents: z.number().int(),
  /** Orders confirmed in the period. */
  orders: Trend,
  currencies: z.array(CurrencyFigures),
  bucket: z.enum(['DAY', 'MONTH']),
  series: z.array(DashboardSeriesPoint),
});
export type AdminDashboardFigures = z.infer<typeof AdminDashboardFigures>;

export const getAdminDashboard = defineRoute({
  method: 'GET',
  path: '/api/v1/admin/dashboard/get-admin-dashboard',
  summary: 'Platform figures for a period with the change against the previous period, and their series',
  tag: 'Admin dashboard',
  access: 'admin',
  query: AdminDashboardQuery,
  response: envelope(AdminDashboardFigures),
});
