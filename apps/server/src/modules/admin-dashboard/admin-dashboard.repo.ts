import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { DayRange } from './period.js';

/**
 * The dashboard's SQL: one aggregate statement per group of figures, nothing but the figures comes back.
 * Each period is [first day 00:00, day after the last 00:00) in the caller's zone, turned into instants
 * by PostgreSQL (`timestamp AT TIME ZONE zone`), so daylight-saving days are 23 or 25 hours long.
 * Reads use `users_created_idx`, `bookings_confirmed_at_idx` (partial, confirmed orders) and
 * `refunds_processed_idx` for the ranges.
 */
function bounds(current: DayRange, previous: DayRange, zone: string) {
  return sql`b as (
    select
      (${previous.from}::date)::timestamp at time zone ${zone} as ps,
      (${current.from}::date)::timestamp at time zone ${zone} as cs,
      (${current.to}::date + 1)::timestamp at time zone ${zone} as ce
  )`;
}

const int = (value: unknown) => Number(value ?? 0);

export interface PeopleFigures {
  totalUsers: number;
  newUsers: number;
  newUsersBefore: number;
  approvedOrganizers: number;
  pendingOrganizerRequests: number;
  blockedUsers: number;
  pendingNonProfitRequests: number;
  liveEvents: number;
  blockedEvents: number;
}

/** Users, requests waiting and events: one statement. */
export async function peopleFigures(
  db: DbOrTx,
  current: DayRange,
  previous: DayRange,
  zone: string,
  now: Date,
): Promise<PeopleFigures> {
  const result = await db.execute(sql`
    with ${bounds(current, previous, zone)}
    select
      count(*) as total_users,
      count(*) filter (where u.created_at >= b.cs and u.created_at < b.ce) as new_users,
      count(*) filter (where u.created_at >= b.ps and u.created_at < b.cs) as new_users_before,
      count(*) filter (where u.organizer_request = 'APPROVED') as approved_organizers,
      count(*) filter (where u.organizer_request = 'PENDING') as pending_organizer_requests,
      count(*) filter (where u.status = 'BLOCKED') as blocked_users,
      (select count(*) from non_profit_exemptions n where n.status = 'PENDING') as pending_non_profit,
      (select count(*) from events e
        where e.status = 'PUBLISHED' and not e.is_blocked and not e.is_archived
          and e.ends_at >= ${now.toISOString()}::timestamptz) as live_events,
      (select count(*) from events e where e.is_blocked) as blocked_events
    from users u cross join b
  `);
  const r = (result.rows[0] ?? {}) as Record<string, unknown>;
  return {
    totalUsers: int(r.total_users),
    newUsers: int(r.new_users),
    newUsersBefore: int(r.new_users_before),
    approvedOrganizers: int(r.approved_organizers),
    pendingOrganizerRequests: int(r.pending_organizer_requests),
    blockedUsers: int(r.blocked_users),
    pendingNonProfitRequests: int(r.pending_non_profit),
    liveEvents: int(r.live_events),
    blockedEvents: int(r.blocked_events),
  };
}

export interface MoneyRow {
  currency: string;
  orders: number;
  ordersBefore: number;
  gross: number;
  grossBefore: number;
  fees: number;
  feesBefore: number;
  refunds: number;
  refundsBefore: number;
  feeRefunds: number;
  feeRefundsBefore: number;
}

/**
 * Orders and money per currency: orders confirmed in each period (their totals and service fees) and
 * refunds processed in each period (amounts and the fee parts given back). One statement.
 */
export async function moneyFigures(
  db: DbOrTx,
  current: DayRange,
  previous: DayRange,
  zone: string,
): Promise<MoneyRow[]> {
  const result = await db.execute(sql`
    with ${bounds(current, previous, zone)},
    sales as (
      select k.currency,
        count(*) filter (where k.confirmed_at >= b.cs) as orders,
        count(*) filter (where k.confirmed_at < b.cs) as orders_before,
        coalesce(sum(k.total) filter (where k.confirmed_at >= b.cs), 0) as gross,
        coalesce(sum(k.total) filter (where k.confirmed_at < b.cs), 0) as gross_before,
        coalesce(sum(k.service_fee) filter (where k.confirmed_at >= b.cs), 0) as fees,
        coalesce(sum(k.service_fee) filter (where k.confirmed_at < b.cs), 0) as fees_before
      from bookings k cross join b
      where k.confirmed_at is not null and k.confirmed_at >= b.ps and k.confirmed_at < b.ce
      group by k.currency
    ),
    given_back as (
      select r.currency,
        coalesce(sum(r.amount) filter (where r.processed_at >= b.cs), 0) as refunds,
        coalesce(sum(r.amount) filter (where r.processed_at < b.cs), 0) as refunds_before,
        coalesce(sum(r.fee_part) filter (where r.processed_at >= b.cs), 0) as fee_refunds,
        coalesce(sum(r.fee_part) filter (where r.processed_at < b.cs), 0) as fee_refunds_before
      from refunds r cross join b
      where r.status = 'PROCESSED' and r.processed_at is not null
        and r.processed_at >= b.ps and r.processed_at < b.ce
      group by r.currency
    )
    select coalesce(s.currency, g.currency) as currency,
      coalesce(s.orders, 0) as orders, coalesce(s.orders_before, 0) as orders_before,
      coalesce(s.gross, 0) as gross, coalesce(s.gross_before, 0) as gross_before,
      coalesce(s.fees, 0) as fees, coalesce(s.fees_before, 0) as fees_before,
      coalesce(g.refunds, 0) as refunds, coalesce(g.refunds_before, 0) as refunds_before,
      coalesce(g.fee_refunds, 0) as fee_refunds, coalesce(g.fee_refunds_before, 0) as fee_refunds_before
    from sales s full join given_back g on g.currency = s.currency
    order by 1
  `);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    currency: String(r.currency),
    orders: int(r.orders),
    ordersBefore: int(r.orders_before),
    gross: int(r.gross),
    grossBefore: int(r.gross_before),
    fees: int(r.fees),
    feesBefore: int(r.fees_before),
    refunds: int(r.refunds),
    refundsBefore: int(r.refunds_before),
    feeRefunds: int(r.fee_refunds),
    feeRefundsBefore: int(r.fee_refunds_before),
  }));
}

export interface SeriesRow {
  kind: 'SIGN_UPS' | 'ORDERS';
  /** yyyy-MM-dd of the day or of the month's first day. */
  bucket: string;
  currency: string | null;
  count: number;
  gross: number;
}

/** Sign-ups per day (or month) and confirmed orders with their gross per day and currency: one statement. */
export async function seriesFigures(
  db: DbOrTx,
  current: DayRange,
  zone: string,
  unit: 'day' | 'month',
): Promise<SeriesRow[]> {
  const result = await db.execute(sql`
    with ${bounds(current, current, zone)}
    select 'SIGN_UPS' as kind,
      to_char(date_trunc(${unit}, u.created_at at time zone ${zone}), 'YYYY-MM-DD') as bucket,
      null::text as currency, count(*) as n, 0 as gross
    from users u cross join b
    where u.created_at >= b.cs and u.created_at < b.ce
    group by 2
    union all
    select 'ORDERS',
      to_char(date_trunc(${unit}, k.confirmed_at at time zone ${zone}), 'YYYY-MM-DD'),
      k.currency, count(*), coalesce(sum(k.total), 0)
    from bookings k cross join b
    where k.confirmed_at is not null and k.confirmed_at >= b.cs and k.confirmed_at < b.ce
    group by 2, 3
  `);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    kind: r.kind as SeriesRow['kind'],
    bucket: String(r.bucket),
    currency: (r.currency as string | null) ?? null,
    count: int(r.n),
    gross: int(r.gross),
  }));
}
