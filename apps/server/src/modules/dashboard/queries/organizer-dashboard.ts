import type { DashboardFigure, OrganizerDashboard, OrganizerDashboardQuery } from '@marquee/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { readRolledUntil } from '../../../db/rollup.js';
import { dashboardSplits } from '../../../db/rollup-ranges.js';
import type { OrganizationRow } from '../../../db/schema/index.js';
import type { Actor, OrganizationGrant } from '../../../lib/access/index.js';
import { eventScope, organizationScope } from '../../../lib/access/index.js';
import type { Clock } from '../../../lib/clock.js';
import { bucketCuts, dashboardWindow } from '../../../lib/dashboard-window.js';
import {
  type CurrencyTotals,
  checkInTotals,
  currencyTotals,
  type MoneyScope,
  organizationsWhere,
  pendingDues,
  salesByEvent,
  salesByTicketType,
  salesSeries,
  type Totals,
} from './sales-figures.js';
import { waitingDemand } from './waiting-demand.js';

type DashboardInput = z.output<typeof OrganizerDashboardQuery>;

/** value against previous as a ratio; null when there was nothing before ("New"). */
export function figure(value: number, previous: number): DashboardFigure {
  return { value, previous, change: previous === 0 ? null : (value - previous) / previous };
}

/** Average order: gross sales over orders (free orders included), rounded to a whole minor unit. */
const average = (t: Totals) => (t.orders ? Math.round(t.grossSales / t.orders) : 0);
/** What the organizer keeps: the organizer part of the period's sales less that of its refunds. */
const net = (t: Totals) => t.organizerAmount - t.refundedToOrganizer;

function currencyFigures(row: CurrencyTotals) {
  const { current: c, previous: p } = row;
  return {
    currency: row.currency,
    grossSales: figure(c.grossSales, p.grossSales),
    serviceFees: figure(c.serviceFees, p.serviceFees),
    netToOrganizer: figure(net(c), net(p)),
    refunds: figure(c.refunds, p.refunds),
    ticketsSold: figure(c.ticketsSold, p.ticketsSold),
    orders: figure(c.orders, p.orders),
    averageOrder: figure(average(c), average(p)),
  };
}

/** Which organizations the figures cover: the chosen one, or every one the caller may read. */
async function organizationFilter(db: Db, actor: Actor, chosen: OrganizationRow | null) {
  if (chosen) return (column: AnyColumn | SQL) => sql`${column} = ${chosen.id}`;
  return organizationsWhere(db, organizationScope(actor, 'read'));
}

/**
 * organizer-dashboard: the period's figures of the chosen organization, or of every one the caller may
 * read. `chosen`: the organization the route's access declaration resolved (null when none is named).
 */
export async function organizerDashboard(
  deps: { db: Db; clock: Clock },
  actor: Actor,
  chosen: OrganizationGrant | null,
  input: DashboardInput,
  callerZone: string,
): Promise<OrganizerDashboard> {
  const { db, clock } = deps;
  const organization = chosen?.organization ?? null;
  const w = dashboardWindow(input.period, input, organization?.timeZone ?? callerZone, clock.now());
  // Hours before the roll-ups' watermark are read from them, the rest from the base tables.
  const [organizationsOf, rolledUntil] = await Promise.all([
    organizationFilter(db, actor, organization),
    readRolledUntil(db),
  ]);
  const splits = dashboardSplits(w, bucketCuts(w), rolledUntil);
  // Money: only the events whose orders the caller may read (a scanner's count in no money).
  const money: MoneyScope = { organizations: organizationsOf, events: eventScope(actor, 'manage') };
  const [totals, series, byEvent, byTicketType, checkIn, dues] = await Promise.all([
    currencyTotals(db, money, w, splits),
    salesSeries(db, money, w, splits),
    salesByEvent(db, money, w, splits),
    salesByTicketType(db, money, splits),
    checkInTotals(db, organizationsOf, eventScope(actor, 'scan'), w),
    pendingDues(db, money),
  ]);
  const waitingList = await waitingDemand(db, money);
  const { start: _s, end: _e, previousStart: _ps, previousEnd: _pe, ...period } = w;
  return {
    period,
    currencies: totals.map(currencyFigures),
    checkIn: { ...checkIn, rate: checkIn.tickets ? checkIn.admitted / checkIn.tickets : null },
    dues,
    waitingList,
    // The payout account is the owner's and the administrators' business, not a member's.
    payout:
      organization && chosen?.role !== 'MEMBER'
        ? {
            organizationId: organization.id,
            status: organization.payoutStatus,
            canOpenDashboard: organization.payoutAccountId !== null,
          }
        : null,
    series,
    byEvent,
    byTicketType,
  };
}
