import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bucketOf, inRange, inSpans, type RollupSplit } from '../../../db/rollup-ranges.js';

/**
 * The dashboard's SQL: one aggregate statement per group of figures, nothing but the figures comes back.
 * Each period is [first day 00:00, day after the last 00:00) in the caller's zone (lib/dashboard-window.ts,
 * so daylight-saving days are 23 or 25 hours long). Orders, refunds and sign-ups of whole hours before the
 * roll-ups' watermark are read from `hourly_sales`, `hourly_refunds` and `hourly_sign_ups` (lib/rollup.ts);
 * the rest (edges that are not whole hours, the live tail) from the base tables through
 * `bookings_confirmed_at_idx`, `refunds_processed_at_idx` and `users_created_idx`. Counts of current
 * state read small partial indexes (`users_approved_organizers_idx`, `events_live_idx` …).
 */

const int = (value: unknown) => Number(value ?? 0);

/** The period a row falls in: `current` is true inside it, false in the previous one. */
type Period = { start: Date; end: Date };

/** Sign-ups of the spans: `current`, `at` (the hour or the account's creation) and `n`. */
function signUpRows(split: RollupSplit, period: Period) {
  return sql`
    select ${inRange(sql`s.hour`, period.start, period.end)} as current, s.hour as at, s.users as n
    from hourly_sign_ups s where ${inSpans(sql`s.hour`, split.rolled)}
    union all
    select ${inRange(sql`u.created_at`, period.start, period.end)}, u.created_at, 1
    from users u where ${inSpans(sql`u.created_at`, split.live)}`;
}

/** Confirmed orders of the spans: current, at, currency, orders, gross, fees. */
function orderRows(split: RollupSplit, period: Period) {
  return sql`
    select ${inRange(sql`s.hour`, period.start, period.end)} as current, s.hour as at, s.currency, s.orders,
      s.gross, s.fees
    from hourly_sales s where ${inSpans(sql`s.hour`, split.rolled)}
    union all
    select ${inRange(sql`k.confirmed_at`, period.start, period.end)}, k.confirmed_at, k.currency, 1, k.total,
      k.service_fee
    from bookings k where k.status = 'CONFIRMED' and ${inSpans(sql`k.confirmed_at`, split.live)}`;
}

/** Processed refunds of the spans: current, currency, amount, fee_part. */
function refundRows(split: RollupSplit, period: Period) {
  return sql`
    select ${inRange(sql`s.hour`, period.start, period.end)} as current, s.currency, s.amount, s.fee_part
    from hourly_refunds s where ${inSpans(sql`s.hour`, split.rolled)}
    union all
    select ${inRange(sql`f.processed_at`, period.start, period.end)}, f.currency, f.amount, f.fee_part
    from refunds f where f.status = 'PROCESSED' and ${inSpans(sql`f.processed_at`, split.live)}`;
}

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
  periods: RollupSplit,
  period: Period,
  rolledUntil: Date | null,
  now: Date,
): Promise<PeopleFigures> {
  // Every account: those of the rolled hours plus those created since.
  const watermark = rolledUntil?.toISOString() ?? '-infinity';
  const result = await db.execute(sql`
    with signed_up as (${signUpRows(periods, period)})
    select
      (select coalesce(sum(users), 0) from hourly_sign_ups where hour < ${watermark}::timestamptz)
        + (select count(*) from users where created_at >= ${watermark}::timestamptz) as total_users,
      (select coalesce(sum(n) filter (where current), 0) from signed_up) as new_users,
      (select coalesce(sum(n) filter (where not current), 0) from signed_up) as new_users_before,
      (select count(*) from users u where u.organizer_request = 'APPROVED') as approved_organizers,
      (select count(*) from users u where u.organizer_request = 'PENDING') as pending_organizer_requests,
      (select count(*) from users u where u.status = 'BLOCKED') as blocked_users,
      (select count(*) from non_profit_exemptions n where n.status = 'PENDING') as pending_non_profit,
      (select count(*) from events e
        where e.status = 'PUBLISHED' and not e.is_blocked and not e.is_archived
          and e.ends_at >= ${now.toISOString()}::timestamptz) as live_events,
      (select count(*) from events e where e.is_blocked) as blocked_events
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
export async function moneyFigures(db: DbOrTx, periods: RollupSplit, period: Period): Promise<MoneyRow[]> {
  const both = (column: string, as: string) =>
    sql.raw(`coalesce(sum(${column}) filter (where current), 0) as ${as},
        coalesce(sum(${column}) filter (where not current), 0) as ${as}_before`);
  const result = await db.execute(sql`
    with sales as (
      select currency, ${both('orders', 'orders')}, ${both('gross', 'gross')}, ${both('fees', 'fees')}
      from (${orderRows(periods, period)}) as sold
      group by currency
    ),
    given_back as (
      select currency, ${both('amount', 'refunds')}, ${both('fee_part', 'fee_refunds')}
      from (${refundRows(periods, period)}) as back
      group by currency
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

/**
 * Sign-ups per day (or month) and confirmed orders with their gross per day and currency: one statement.
 * `spans` cut the period at every bucket (`chartBuckets`), so a rolled hour's start names its bucket.
 */
export async function seriesFigures(
  db: DbOrTx,
  spans: RollupSplit,
  period: Period,
  buckets: { label: string; start: Date }[],
): Promise<SeriesRow[]> {
  const bucket = bucketOf(sql`x.at`, buckets);
  const result = await db.execute(sql`
    select 'SIGN_UPS' as kind, ${bucket} as bucket, null::text as currency, sum(x.n) as n, 0 as gross
    from (${signUpRows(spans, period)}) as x
    group by 2
    union all
    select 'ORDERS', ${bucket}, x.currency, sum(x.orders), coalesce(sum(x.gross), 0)
    from (${orderRows(spans, period)}) as x
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
