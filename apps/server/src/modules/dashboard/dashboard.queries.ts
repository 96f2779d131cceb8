import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bookingLines,
  bookings,
  duePayments,
  eventOccurrences,
  events,
  organizations,
  refunds,
  tickets,
} from '../../db/schema/index.js';
import type { DashboardWindow } from '../../lib/dashboard-window.js';

/**
 * The dashboard's reads (docs/dashboards.md, "Speed"): each one SQL statement of aggregates over the
 * partial indexes `bookings_confirmed_idx (organization_id, confirmed_at)` and `refunds_processed_idx
 * (organization_id, processed_at)`; nothing is loaded into Node but the aggregated rows.
 *
 * `scope` is a condition over `bookings` joined with `events` (or `refunds`/`tickets` joined with
 * `events`): which organizations and which events the caller's money figures may cover.
 */

/** Postgres answers sums of integers as bigint strings. */
const num = (value: unknown) => Number(value ?? 0);

export interface MoneyScope {
  /** Condition on the organization id column of the table read (bookings, refunds, due payments). */
  organizations: (column: AnyColumn | SQL) => SQL | undefined;
  /** Condition over `events` (the events the caller may read orders of); undefined: all. */
  events: SQL | undefined;
}

const inPeriod = (column: AnyColumn | SQL, start: Date, end: Date) =>
  sql`(${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz)`;

/** Confirmed orders confirmed in the period or the previous one, with their tickets, in scope. */
function salesFrom(scope: MoneyScope, w: DashboardWindow, onlyCurrent = false) {
  const periods = onlyCurrent
    ? inPeriod(bookings.confirmedAt, w.start, w.end)
    : sql`(${inPeriod(bookings.confirmedAt, w.start, w.end)} or ${inPeriod(bookings.confirmedAt, w.previousStart, w.previousEnd)})`;
  return sql`from ${bookings}
    join ${events} on ${events.id} = ${bookings.eventId}
    cross join lateral (
      select coalesce(sum(${bookingLines.quantity}), 0) as seats from ${bookingLines}
      where ${bookingLines.bookingId} = ${bookings.id}
    ) as lines
    where ${and(
      sql`${bookings.status} = 'CONFIRMED'`,
      sql`${bookings.confirmedAt} is not null`,
      periods,
      scope.organizations(bookings.organizationId),
      scope.events,
    )}`;
}

export interface CurrencyTotals {
  currency: string;
  current: Totals;
  previous: Totals;
}
export interface Totals {
  grossSales: number;
  serviceFees: number;
  organizerAmount: number;
  refunds: number;
  refundedToOrganizer: number;
  ticketsSold: number;
  orders: number;
}

/** Sales of both periods and refunds processed in both periods, per currency: one statement. */
export async function currencyTotals(
  db: DbOrTx,
  scope: MoneyScope,
  w: DashboardWindow,
): Promise<CurrencyTotals[]> {
  const current = inPeriod(bookings.confirmedAt, w.start, w.end);
  const refundCurrent = inPeriod(refunds.processedAt, w.start, w.end);
  const result = await db.execute(sql`
    with sales as (
      select ${bookings.currency} as currency,
        coalesce(sum(${bookings.total}) filter (where ${current}), 0) as gross,
        coalesce(sum(${bookings.serviceFee}) filter (where ${current}), 0) as fees,
        coalesce(sum(${bookings.organizerAmount}) filter (where ${current}), 0) as organizer,
        coalesce(sum(lines.seats) filter (where ${current}), 0) as seats,
        count(*) filter (where ${current}) as orders,
        coalesce(sum(${bookings.total}) filter (where not ${current}), 0) as p_gross,
        coalesce(sum(${bookings.serviceFee}) filter (where not ${current}), 0) as p_fees,
        coalesce(sum(${bookings.organizerAmount}) filter (where not ${current}), 0) as p_organizer,
        coalesce(sum(lines.seats) filter (where not ${current}), 0) as p_seats,
        count(*) filter (where not ${current}) as p_orders
      ${salesFrom(scope, w)}
      group by ${bookings.currency}
    ), back as (
      select ${refunds.currency} as currency,
        coalesce(sum(${refunds.amount}) filter (where ${refundCurrent}), 0) as refunded,
        coalesce(sum(${refunds.organizerPart}) filter (where ${refundCurrent}), 0) as organizer_refunded,
        coalesce(sum(${refunds.amount}) filter (where not ${refundCurrent}), 0) as p_refunded,
        coalesce(sum(${refunds.organizerPart}) filter (where not ${refundCurrent}), 0) as p_organizer_refunded
      from ${refunds}
      join ${events} on ${events.id} = ${refunds.eventId}
      where ${and(
        sql`${refunds.status} = 'PROCESSED'`,
        sql`${refunds.processedAt} is not null`,
        sql`(${refundCurrent} or ${inPeriod(refunds.processedAt, w.previousStart, w.previousEnd)})`,
        scope.organizations(refunds.organizationId),
        scope.events,
      )}
      group by ${refunds.currency}
    )
    select coalesce(sales.currency, back.currency) as currency, sales.*, back.refunded,
      back.organizer_refunded, back.p_refunded, back.p_organizer_refunded
    from sales full join back on back.currency = sales.currency
    order by 1
  `);
  return result.rows.map((r) => ({
    currency: String(r.currency),
    current: {
      grossSales: num(r.gross),
      serviceFees: num(r.fees),
      organizerAmount: num(r.organizer),
      refunds: num(r.refunded),
      refundedToOrganizer: num(r.organizer_refunded),
      ticketsSold: num(r.seats),
      orders: num(r.orders),
    },
    previous: {
      grossSales: num(r.p_gross),
      serviceFees: num(r.p_fees),
      organizerAmount: num(r.p_organizer),
      refunds: num(r.p_refunded),
      refundedToOrganizer: num(r.p_organizer_refunded),
      ticketsSold: num(r.p_seats),
      orders: num(r.p_orders),
    },
  }));
}

/** Gross sales and tickets per day (or month) in the window's zone and per currency, zero-filled. */
export async function salesSeries(db: DbOrTx, scope: MoneyScope, w: DashboardWindow) {
  const local = sql`(${bookings.confirmedAt} at time zone ${w.timeZone})`;
  const monthly = w.bucket === 'MONTH';
  const bucket = monthly ? sql`date_trunc('month', ${local})::date` : sql`(${local})::date`;
  const first = monthly ? sql`date_trunc('month', ${w.from}::date)::date` : sql`${w.from}::date`;
  const step = monthly ? '1 month' : '1 day';
  const result = await db.execute(sql`
    with sold as (
      select ${bucket} as day, ${bookings.currency} as currency,
        sum(${bookings.total}) as gross, sum(lines.seats) as seats
      ${salesFrom(scope, w, true)}
      group by 1, 2
    ), days as (
      select d::date as day from generate_series(${first}, ${w.to}::date, ${step}::interval) as d
    ), currencies as (select distinct currency from sold)
    select to_char(days.day, 'YYYY-MM-DD') as date, currencies.currency,
      coalesce(sold.gross, 0) as gross, coalesce(sold.seats, 0) as seats
    from days cross join currencies
    left join sold on sold.day = days.day and sold.currency = currencies.currency
    order by currencies.currency, days.day
  `);
  return result.rows.map((r) => ({
    date: String(r.date),
    currency: String(r.currency),
    grossSales: num(r.gross),
    ticketsSold: num(r.seats),
  }));
}

const TOP = 10;

/** The period's best-selling events (by gross sales, then tickets). */
export async function salesByEvent(db: DbOrTx, scope: MoneyScope, w: DashboardWindow) {
  const result = await db.execute(sql`
    select ${events.id} as event_id, ${events.title} as title, ${bookings.currency} as currency,
      sum(${bookings.total}) as gross, sum(lines.seats) as seats
    ${salesFrom(scope, w, true)}
    group by ${events.id}, ${events.title}, ${bookings.currency}
    order by gross desc, seats desc, title
    limit ${TOP}
  `);
  return result.rows.map((r) => ({
    eventId: String(r.event_id),
    title: String(r.title),
    currency: String(r.currency),
    grossSales: num(r.gross),
    ticketsSold: num(r.seats),
  }));
}

/**
 * The period's best-selling ticket types (by tickets, then gross). A line's gross is what the buyer
 * paid for it: its prices, plus its fees when the buyer paid them (the order's total, split by line).
 */
export async function salesByTicketType(db: DbOrTx, scope: MoneyScope, w: DashboardWindow) {
  const lineGross = sql`${bookingLines.quantity} * (${bookingLines.unitPrice} + case when ${bookings.feePaidBy} = 'BUYER' then ${bookingLines.unitFee} else 0 end)`;
  const result = await db.execute(sql`
    select ${bookingLines.name} as name, ${events.title} as event_title, ${bookings.currency} as currency,
      sum(${bookingLines.quantity}) as seats, sum(${lineGross}) as gross
    from ${bookings}
    join ${events} on ${events.id} = ${bookings.eventId}
    join ${bookingLines} on ${bookingLines.bookingId} = ${bookings.id}
    where ${and(
      sql`${bookings.status} = 'CONFIRMED'`,
      sql`${bookings.confirmedAt} is not null`,
      inPeriod(bookings.confirmedAt, w.start, w.end),
      scope.organizations(bookings.organizationId),
      scope.events,
    )}
    group by ${bookingLines.ticketTypeId}, ${bookingLines.name}, ${events.title}, ${bookings.currency}
    order by seats desc, gross desc, name
    limit ${TOP}
  `);
  return result.rows.map((r) => ({
    name: String(r.name),
    eventTitle: String(r.event_title),
    currency: String(r.currency),
    ticketsSold: num(r.seats),
    grossSales: num(r.gross),
  }));
}

/**
 * Valid tickets of the dates that start in the period (a course's tickets: by the course's start) and
 * how many of them were admitted. `eventsScope` may include events the caller only scans.
 */
export async function checkInTotals(
  db: DbOrTx,
  organizationsScope: (column: AnyColumn | SQL) => SQL | undefined,
  eventsScope: SQL | undefined,
  w: DashboardWindow,
) {
  const result = await db.execute(sql`
    select count(*) as tickets, count(${tickets.scannedAt}) as admitted
    from ${tickets}
    join ${events} on ${events.id} = ${tickets.eventId}
    left join ${eventOccurrences} on ${eventOccurrences.id} = ${tickets.occurrenceId}
    where ${and(
      sql`${tickets.status} = 'VALID'`,
      inPeriod(sql`coalesce(${eventOccurrences.startsAt}, ${events.startsAt})`, w.start, w.end),
      organizationsScope(events.organizationId),
      eventsScope,
    )}
  `);
  const row = result.rows[0];
  return { tickets: num(row?.tickets), admitted: num(row?.admitted) };
}

/** What the organizer still has to pay in (due payments not yet paid), per currency. */
export async function pendingDues(db: DbOrTx, scope: MoneyScope) {
  const result = await db.execute(sql`
    select ${duePayments.currency} as currency, sum(${duePayments.amount}) as amount
    from ${duePayments}
    join ${events} on ${events.id} = ${duePayments.eventId}
    where ${and(
      sql`${duePayments.status} = 'PENDING'`,
      scope.organizations(duePayments.organizationId),
      scope.events,
    )}
    group by ${duePayments.currency}
    order by 1
  `);
  return result.rows.map((r) => ({ currency: String(r.currency), amount: num(r.amount) }));
}

/** `column in (organizations matching where)`; undefined when `where` is (every organization). */
export function organizationsWhere(where: SQL | undefined) {
  return (column: AnyColumn | SQL) =>
    where ? sql`${column} in (select ${organizations.id} from ${organizations} where ${where})` : undefined;
}
