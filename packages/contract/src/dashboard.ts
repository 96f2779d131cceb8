import { z } from 'zod';
import { EventKind, NamedRef, ORGANIZER_PATH } from './event-basics.js';
import { dayInput } from './limits.js';
import { PayoutStatus } from './organization.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * The organizer's dashboard (docs/dashboards.md, "Organizer dashboard"): figures of a period against
 * the period before it, charts, what is owed, the payout account and the next events. Money only
 * covers the events whose orders the caller may read (owners, administrators, event organizers).
 */

export const DASHBOARD_PERIODS = ['TODAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_YEAR', 'CUSTOM'] as const;
export const DashboardPeriod = z.enum(DASHBOARD_PERIODS, { error: 'Choose a period' });
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  TODAY: 'Today',
  LAST_7_DAYS: 'Last 7 days',
  LAST_30_DAYS: 'Last 30 days',
  THIS_YEAR: 'This year',
  CUSTOM: 'Custom',
};

/** A custom period spans at most this many days (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** Longer periods are charted per month instead of per day. */
export const DASHBOARD_DAILY_MAX_DAYS = 92;

export const DASHBOARD_MESSAGES = {
  from: 'Choose the first day',
  to: 'Choose the last day',
  order: 'The last day cannot be before the first day',
  tooLong: `Choose at most ${DASHBOARD_MAX_DAYS} days`,
} as const;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included (calendar dates, yyyy-MM-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * A CUSTOM period needs both days, in order, at most DASHBOARD_MAX_DAYS long; the organizer's and the
 * administrators' dashboards refine their queries with it.
 */
export function checkCustomPeriod(
  q: { period: DashboardPeriod; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.period !== 'CUSTOM') return;
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: DASHBOARD_MESSAGES.from });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.to });
  if (!q.from || !q.to) return;
  const days = daysBetween(q.from, q.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.order });
  else if (days > DASHBOARD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.tooLong });
  }
}

export const OrganizerDashboardQuery = z
  .object({
    /** Absent: every organization the caller may read. */
    organizationId: z.uuid({ error: 'Choose an organization' }).optional(),
    period: DashboardPeriod.default('LAST_30_DAYS'),
    /** Calendar dates (yyyy-MM-dd) of a CUSTOM period, both included; ignored otherwise. */
    from: dayInput(DASHBOARD_MESSAGES.from).optional(),
    to: dayInput(DASHBOARD_MESSAGES.to).optional(),
  })
  .superRefine(checkCustomPeriod);
export type OrganizerDashboardQuery = z.input<typeof OrganizerDashboardQuery>;

/** One figure of the period, the same figure of the previous period, and the change as a ratio (0.12 = +12 %). */
export const DashboardFigure = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  /** (value − previous) / previous; null when the previous period had none (shown as "New"). */
  change: z.number().nullable(),
});
export type DashboardFigure = z.infer<typeof DashboardFigure>;

/** The figures of one currency (amounts in its minor units; never added across currencies). */
export const DashboardCurrencyFigures = z.object({
  currency: z.string(),
  grossSales: DashboardFigure,
  serviceFees: DashboardFigure,
  netToOrganizer: DashboardFigure,
  refunds: DashboardFigure,
  ticketsSold: DashboardFigure,
  orders: DashboardFigure,
  averageOrder: DashboardFigure,
});
export type DashboardCurrencyFigures = z.infer<typeof DashboardCurrencyFigures>;

export const OrganizerDashboard = z.object({
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    previousFrom: z.iso.date(),
    previousTo: z.iso.date(),
    /** The zone the days are read in: the organization's, or the caller's for all organizations. */
    timeZone: z.string(),
    /** How the charts' rows are grouped. */
    bucket: z.enum(['DAY', 'MONTH']),
  }),
  currencies: z.array(DashboardCurrencyFigures),
  checkIn: z.object({
    admitted: z.number().int().nonnegative(),
    tickets: z.number().int().nonnegative(),
    /** admitted / tickets; null when no tickets of events dated in the period. */
    rate: z.number().nullable(),
  }),
  /** Demand turned away: people (and the tickets they asked for) waiting on waiting lists now. */
  waitingList: z
    .object({ people: z.number().int().nonnegative(), tickets: z.number().int().nonnegative() })
    .optional(),
  /** Due payments still waiting to be paid by the organizer, per currency. */
  dues: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  payout: z
    .object({ organizationId: z.uuid(), status: PayoutStatus, canOpenDashboard: z.boolean() })
    .nullable(),
  /** One row per day (per month for long periods) and currency, zero-filled. */
  series: z.array(
    z.object({
      date: z.iso.date(),
      currency: z.string(),
      grossSales: z.number().int(),
      ticketsSold: z.number().int(),
    }),
  ),
  byEvent: z.array(
    z.object({
      eventId: z.uuid(),
      title: z.string(),
      currency: z.string(),
      grossSales: z.number().int(),
      ticketsSold: z.number().int(),
    }),
  ),
  byTicketType: z.array(
    z.object({
      name: z.string(),
      eventTitle: z.string(),
      currency: z.string(),
      ticketsSold: z.number().int(),
      grossSales: z.number().int(),
    }),
  ),
});
export type OrganizerDashboard = z.infer<typeof OrganizerDashboard>;

export const organizerDashboard = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-dashboard`,
  summary:
    "Figures of a period against the previous one, charts, dues and payouts, over one organization or all the caller's",
  tag: 'Organizer',
  // Console callers; an organization named must be one they may read (404 otherwise).
  access: { role: 'console', organization: 'read', from: 'query.organizationId', optional: true },
  query: OrganizerDashboardQuery,
  response: envelope(OrganizerDashboard),
});

export const UpcomingEvent = z.object({
  _id: z.uuid(),
  title: z.string(),
  kind: EventKind,
  /** The next date's start. */
  startsAt: z.iso.datetime(),
  timeZone: z.string(),
  organization: NamedRef,
  /** Seats sold of that date (a course: of the course). */
  sold: z.number().int().nonnegative(),
  /** null: no limit. */
  capacity: z.number().int().nullable(),
  canReadOrders: z.boolean(),
  canScan: z.boolean(),
});
export type UpcomingEvent = z.infer<typeof UpcomingEvent>;

export const dashboardUpcomingEventList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/dashboard-upcoming-event-list`,
  summary: 'The next published events the caller may see (scanners: those they scan), soonest first',
  tag: 'Organizer',
  access: { role: 'console', organization: 'read', from: 'query.organizationId', optional: true },
  query: pageQuery
    .pick({ page: true, limit: true })
    .extend({ organizationId: z.uuid({ error: 'Choose an organization' }).optional() }),
  response: envelope(pageOf(UpcomingEvent)),
});
