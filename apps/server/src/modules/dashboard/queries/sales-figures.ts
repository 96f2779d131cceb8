import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  bucketOf,
  type DashboardSplits,
  inRange,
  inSpans,
  type RollupSplit,
} from '../../../db/rollup-ranges.js';
import {
  bookingLines,
  bookings,
  duePayments,
  eventOccurrences,
  events,
  hourlyEventSales,
  hourlyRefunds,
  hourlyTicketTypeSales,
  organizations,
  refunds,
  tickets,
} from '../../../db/schema/index.js';
import { chartBuckets, type DashboardWindow } from '../../../lib/dashboard-window.js';

/**
 * The dashboard's reads (docs/dashboards.md, "Speed"): each one SQL statement of aggregates; nothing is
 * loaded into Node but the aggregated rows. Sales and refunds of whole hours before the roll-ups'
 * watermark come from the hourly roll-ups (`hourly_event_sales`, `hourly_ticket_type_sales`,
 * `hourly_refunds`, lib/rollup.ts); the period's edges that are not whole hours and the live tail come
 * from the base tables through `bookings_confirmed_idx (organization_id, confirmed_at)` and
 * `refunds_processed_idx (organization_id, processed_at)` (lib/rollup-ranges.ts decides which is which).
 *
 * `scope` is a condition over the organization column of the table read and over `events` (joined by
 * event id only when the caller's events are limited): which organizations and which events the
 * caller's money figures may cover.
 */

/** Postgres answers sums of integers as bigint strings. */
const num = (value: unknown) => Number(value ?? 0);

export interface MoneyScope {
  /** Condition on the organization id column of the table read (bookings, refunds, due payments). */
  organizations: (column: AnyColumn | SQL) => SQL | undefined;
  /** Condition over `events` (the events the caller may read orders of); undefined: all. */
  events: SQL | undefined;
}

/** `events` joined to the rows read, when the caller's events are limited (else nothing to join). */
const eventsOf = (scope: MoneyScope, eventId: AnyColumn) =>
  scope.events ? sql`join ${events} on ${events.id} = ${eventId}` : sql``;

const H = hourlyEventSales;
const confirmed = sql`${bookings.status} = 'CONFIRMED' and ${bookings.confirmedAt} is not null`;

/**
 * Confirmed orders in scope, one row per rolled (hour, event, currency) and one per order of the live
 * spans: event_id, currency, current (inside `w`'s period, not the previous one), orders, gross, fees,
 * organizer, seats and, with `bucket`, the chart's bucket of the row.
 */
function salesRows(
  scope: MoneyScope,
  split: RollupSplit,
  w: DashboardWindow,
  bucket?: (at: AnyColumn) => SQL,
) {
  const rolledBucket = bucket ? sql`, ${bucket(H.hour)} as bucket` : sql``;
  const liveBucket = bucket ? sql`, ${bucket(bookings.confirmedAt)} as bucket` : sql``;
  return sql`
    select ${H.eventId} as event_id, ${H.currency} as currency, ${inRange(H.hour, w.start, w.end)} as current,
      ${H.orders} as orders, ${H.gross} as gross, ${H.fees} as fees, ${H.organizerAmount} as organizer,
      ${H.seats} as seats${rolledBucket}
    from ${H}
    ${eventsOf(scope, H.eventId)}
    where ${and(inSpans(H.hour, split.rolled), scope.organizations(H.organizationId), scope.events)}
    union all
    select ${bookings.eventId}, ${bookings.currency}, ${inRange(bookings.confirmedAt, w.start, w.end)}, 1,
      ${bookings.total}, ${bookings.serviceFee}, ${bookings.organizerAmount}, ${bookings.seats} as seats${liveBucket}
    from ${bookings}
    ${eventsOf(scope, bookings.eventId)}
    where ${and(
      confirmed,
      inSpans(bookings.confirmedAt, split.live),
      scope.organizations(bookings.organizationId),
      scope.events,
    )}`;
}

/** Processed refunds in scope: currency, current (inside `w`'s period), amount, organizer_part. */
function refundRows(scope: MoneyScope, split: RollupSplit, w: DashboardWindow) {
  const R = hourlyRefunds;
  return sql`
    select ${R.currency} as currency, ${inRange(R.hour, w.start, w.end)} as current, ${R.amount} as amount,
      ${R.organizerPart} as organizer_part
    from ${R}
    ${eventsOf(scope, R.eventId)}
    where ${and(inSpans(R.hour, split.rolled), scope.organizations(R.organizationId), scope.events)}
    union all
    select ${refunds.currency}, ${inRange(refunds.processedAt, w.start, w.end)}, ${refunds.amount},
      ${refunds.organizerPart}
    from ${refunds}
    ${eventsOf(scope, refunds.eventId)}
    where ${and(
      sql`${refunds.status} = 'PROCESSED' and ${refunds.processedAt} is not null`,
      inSpans(refunds.processedAt, split.live),
      scope.organizations(refunds.organizationId),
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
  splits: DashboardSplits,
): Promise<CurrencyTotals[]> {
  const both = (column: string, as: string) =>
    sql.raw(`coalesce(sum(${column}) filter (where current), 0) as ${as},
        coalesce(sum(${column}) filter (where not current), 0) as p_${as}`);
  const result = await db.execute(sql`
    with sales as (
      select currency, ${both('gross', 'gross')}, ${both('fees', 'fees')}, ${both('organizer', 'organizer')},
        ${both('seats', 'seats')}, ${both('orders', 'orders')}
      from (${salesRows(scope, splits.totals, w)}) as sold
      group by currency
    ), back as (
      select currency, ${both('amount', 'refunded')}, ${both('organizer_part', 'organizer_refunded')}
      from (${refundRows(scope, splits.totals, w)}) as given_back
      group by currency
    )
    select coalesce(sales.currency, back.currency) as currency, sales.gross, sales.fees, sales.organizer,
      sales.seats, sales.orders, sales.p_gross, sales.p_fees, sales.p_organizer, sales.p_seats, sales.p_orders,
      back.refunded, back.organizer_refunded, back.p_refunded, back.p_organizer_refunded
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
export async function salesSeries(
  db: DbOrTx,
  scope: MoneyScope,
  w: DashboardWindow,
  splits: DashboardSplits,
) {
  // A rolled hour lies inside one bucket (the split cuts at every bucket), so its start names the bucket.
  const buckets = chartBuckets(w);
  const bucket = (at: AnyColumn) => bucketOf(at, buckets);
  const labels = `{${buckets.map((b) => b.label).join(',')}}`;
  const result = await db.execute(sql`
    with sold as (
      select bucket as day, currency, sum(gross) as gross, sum(seats) as seats
      from (${salesRows(scope, splits.series, w, bucket)}) as sold
      group by 1, 2
    ), days as (
      select day from unnest(${labels}::text[]) as d(day)
    ), currencies as (select distinct currency from sold)
    select days.day as date, currencies.currency, coalesce(sold.gross, 0) as gross, coalesce(sold.seats, 0) as seats
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

/**
 * The period's best-selling events: by gross sales, then tickets, then title; the currency and the
 * event's id settle the rest, so ties read the same from the roll-ups and the base tables and on every
 * reload (docs/architecture.md, "Every list has a total order").
 */
export async function salesByEvent(
  db: DbOrTx,
  scope: MoneyScope,
  w: DashboardWindow,
  splits: DashboardSplits,
) {
  const result = await db.execute(sql`
    select best.event_id, ${events.title} as title, best.currency, best.gross, best.seats
    from (
      select event_id, currency, sum(gross) as gross, sum(seats) as seats
      from (${salesRows(scope, splits.current, w)}) as sold
      group by event_id, currency
    ) as best
    join ${events} on ${events.id} = best.event_id
    order by best.gross desc, best.seats desc, title, best.currency, best.event_id
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
 * The period's best-selling ticket types: by tickets, then gross, then name and event title; the
 * currency and the ticket type's id settle the rest (two events' "General admission" often tie). A
 * line's gross is what the buyer paid for it: its prices, plus its fees when the buyer paid them (the
 * order's total, split by line).
 */
export async function salesByTicketType(db: DbOrTx, scope: MoneyScope, splits: DashboardSplits) {
  const T = hourlyTicketTypeSales;
  const lineGross = sql`${bookingLines.quantity} * (${bookingLines.unitPrice} + case when ${bookings.feePaidBy} = 'BUYER' then ${bookingLines.unitFee} else 0 end)`;
  const result = await db.execute(sql`
    select best.name, ${events.title} as event_title, best.currency, best.seats, best.gross
    from (
      select ticket_type_id, name, event_id, currency, sum(seats) as seats, sum(gross) as gross
      from (
        select ${T.ticketTypeId} as ticket_type_id, ${T.name} as name, ${T.eventId} as event_id,
          ${T.currency} as currency, ${T.seats} as seats, ${T.gross} as gross
        from ${T}
        ${eventsOf(scope, T.eventId)}
        where ${and(inSpans(T.hour, splits.current.rolled), scope.organizations(T.organizationId), scope.events)}
        union all
        select ${bookingLines.ticketTypeId}, ${bookingLines.name}, ${bookings.eventId}, ${bookings.currency},
          ${bookingLines.quantity}, ${lineGross}
        from ${bookings}
        ${eventsOf(scope, bookings.eventId)}
        join ${bookingLines} on ${bookingLines.bookingId} = ${bookings.id}
        where ${and(
          confirmed,
          inSpans(bookings.confirmedAt, splits.current.live),
          scope.organizations(bookings.organizationId),
          scope.events,
        )}
      ) as lines
      group by ticket_type_id, name, event_id, currency
    ) as best
    join ${events} on ${events.id} = best.event_id
    order by best.seats desc, best.gross desc, best.name, event_title, best.currency, best.ticket_type_id
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
 * how many of them were admitted. `eventsScope` may include events the caller only scans. Dated tickets
 * are found through their dates (`event_occurrences_event_idx`), courses' through their events, and
 * both are counted from `tickets_valid_checkin_idx` alone (an index-only scan, no ticket row read).
 */
export async function checkInTotals(
  db: DbOrTx,
  organizationsScope: (column: AnyColumn | SQL) => SQL | undefined,
  eventsScope: SQL | undefined,
  w: DashboardWindow,
) {
  const inPeriod = (column: AnyColumn) =>
    sql`${column} >= ${w.start.toISOString()}::timestamptz and ${column} < ${w.end.toISOString()}::timestamptz`;
  const valid = sql`${tickets.status} = 'VALID'`;
  const result = await db.execute(sql`
    select count(*) as tickets, count(scanned_at) as admitted
    from (
      select ${tickets.scannedAt} as scanned_at
      from ${events}
      join ${eventOccurrences} on ${eventOccurrences.eventId} = ${events.id}
      join ${tickets} on ${tickets.eventId} = ${events.id} and ${tickets.occurrenceId} = ${eventOccurrences.id}
      where ${and(valid, inPeriod(eventOccurrences.startsAt), organizationsScope(events.organizationId), eventsScope)}
      union all
      select ${tickets.scannedAt}
      from ${events}
      join ${tickets} on ${tickets.eventId} = ${events.id} and ${tickets.occurrenceId} is null
      where ${and(valid, inPeriod(events.startsAt), organizationsScope(events.organizationId), eventsScope)}
    ) as dated
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

/**
 * `column = any(ids)` of the organizations matching `where`, read first: the planner then knows how few
 * they are (a subquery's OR of ownership and membership was estimated at half of all organizations, and
 * the roll-ups were read whole). Undefined `where` (administrators): every organization, no condition.
 */
export async function organizationsWhere(db: DbOrTx, where: SQL | undefined) {
  if (!where) return () => undefined;
  const rows = await db.select({ id: organizations.id }).from(organizations).where(where);
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  return (column: AnyColumn | SQL) => sql`${column} = any(${ids}::uuid[])`;
}
