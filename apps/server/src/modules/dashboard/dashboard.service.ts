import type {
  DashboardFigure,
  dashboardUpcomingEventList,
  OrganizerDashboard,
  OrganizerDashboardQuery,
  UpcomingEvent,
} from '@marquee/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Page } from '../../db/list.js';
import { readRolledUntil } from '../../db/rollup.js';
import { dashboardSplits } from '../../db/rollup-ranges.js';
import {
  eventOccurrences,
  events,
  type OrganizationRow,
  organizations,
  ticketInventory,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/access/index.js';
import { eventScope, myEventRole } from '../../lib/access/index.js';
import { organizationScope, requireOrganization } from '../../lib/access/tenancy.query.js';
import type { Clock } from '../../lib/clock.js';
import { bucketCuts, dashboardWindow } from '../../lib/dashboard-window.js';
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
} from './dashboard.queries.js';

type DashboardInput = z.output<typeof OrganizerDashboardQuery>;
type UpcomingInput = z.output<NonNullable<(typeof dashboardUpcomingEventList)['query']>>;

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

export function createDashboardService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The one organization asked for (404 when the caller may not read it), or null for all of theirs. */
  async function chosenOrganization(actor: Actor, organizationId: string | undefined) {
    if (!organizationId) return null;
    return requireOrganization(db, actor, organizationId, 'read');
  }

  /** Which organizations the figures cover: the chosen one, or every one the caller may read. */
  async function organizationFilter(actor: Actor, chosen: OrganizationRow | null) {
    if (chosen) return (column: AnyColumn | SQL) => sql`${column} = ${chosen.id}`;
    return organizationsWhere(db, organizationScope(actor, 'read'));
  }

  return {
    async organizerDashboard(
      actor: Actor,
      input: DashboardInput,
      callerZone: string,
    ): Promise<OrganizerDashboard> {
      const grant = await chosenOrganization(actor, input.organizationId);
      const organization = grant?.organization ?? null;
      const w = dashboardWindow(input.period, input, organization?.timeZone ?? callerZone, clock.now());
      // Hours before the roll-ups' watermark are read from them, the rest from the base tables.
      const [organizationsOf, rolledUntil] = await Promise.all([
        organizationFilter(actor, organization),
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
      const canManage = grant !== null && grant.role !== 'MEMBER';
      const { start: _s, end: _e, previousStart: _ps, previousEnd: _pe, ...period } = w;
      return {
        period,
        currencies: totals.map(currencyFigures),
        checkIn: { ...checkIn, rate: checkIn.tickets ? checkIn.admitted / checkIn.tickets : null },
        dues,
        payout:
          organization && canManage
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
    },

    /**
     * The next published events the caller may see, one row per event with its next date (starts now
     * or later), soonest first. Scanners see the events they scan; sold/capacity are of that date
     * (a course's: of the course).
     */
    async upcomingEvents(actor: Actor, input: UpcomingInput): Promise<Page<UpcomingEvent>> {
      const grant = await chosenOrganization(actor, input.organizationId);
      const now = clock.now().toISOString();
      const where = and(
        sql`${events.status} = 'PUBLISHED'`,
        grant ? eq(events.organizationId, grant.organization.id) : undefined,
        eventScope(actor, 'scan'),
      );
      const result = await db.execute(sql`
        select ${events.id} as id, ${events.title} as title, ${events.kind} as kind,
          coalesce(${events.timeZone}, ${organizations.timeZone}) as time_zone,
          ${organizations.id} as organization_id, ${organizations.name} as organization_name,
          next.starts_at, inv.sold, least(next.capacity, inv.capacity) as capacity,
          ${myEventRole(actor)} as role, count(*) over () as total
        from ${events}
        join ${organizations} on ${organizations.id} = ${events.organizationId}
        cross join lateral (
          select ${eventOccurrences.id} as id, ${eventOccurrences.startsAt} as starts_at,
            ${eventOccurrences.capacity} as capacity
          from ${eventOccurrences}
          where ${eventOccurrences.eventId} = ${events.id} and ${eventOccurrences.status} = 'SCHEDULED'
            and ${eventOccurrences.startsAt} >= ${now}::timestamptz
          order by ${eventOccurrences.startsAt} limit 1
        ) as next
        cross join lateral (
          select coalesce(sum(${ticketInventory.sold}), 0) as sold, sum(${ticketInventory.capacity}) as capacity
          from ${ticketInventory}
          where ${ticketInventory.eventId} = ${events.id}
            and (${ticketInventory.occurrenceId} = next.id or ${ticketInventory.occurrenceId} is null)
        ) as inv
        where ${where}
        order by next.starts_at, ${events.id}
        limit ${input.limit} offset ${(input.page - 1) * input.limit}
      `);
      const items = result.rows.map((r): UpcomingEvent => {
        const role = r.role as string | null;
        return {
          _id: String(r.id),
          title: String(r.title),
          kind: r.kind as UpcomingEvent['kind'],
          startsAt: new Date(r.starts_at as string).toISOString(),
          timeZone: String(r.time_zone),
          organization: { _id: String(r.organization_id), name: String(r.organization_name) },
          sold: Number(r.sold ?? 0),
          capacity: r.capacity === null || r.capacity === undefined ? null : Number(r.capacity),
          canReadOrders: role !== null && role !== 'SCANNER',
          canScan: role !== null,
        };
      });
      const total = Number(result.rows[0]?.total ?? 0);
      // A page past the end has no rows to carry the total: count it on its own.
      const counted =
        items.length || input.page === 1
          ? total
          : Number(
              (
                await db.execute(sql`select count(*) as n from ${events} where ${where} and exists (
                  select 1 from ${eventOccurrences} where ${eventOccurrences.eventId} = ${events.id}
                  and ${eventOccurrences.status} = 'SCHEDULED' and ${eventOccurrences.startsAt} >= ${now}::timestamptz)`)
              ).rows[0]?.n ?? 0,
            );
      return { items, total: counted, page: input.page, limit: input.limit };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
