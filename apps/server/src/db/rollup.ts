import { eq, sql } from 'drizzle-orm';
import type { ClientDb, Db, DbOrTx, Tx } from './client.js';
import { rollupWatermarks } from './schema/index.js';

/**
 * The dashboards' hourly roll-ups (db/schema/rollups.ts, docs/dashboards.md "Speed"), kept by a job:
 * the hours before the watermark are summed once, in chunks, each chunk in one transaction with the
 * watermark's move, so a reader that read the watermark finds every hour before it complete.
 *
 * Checkout, refunds and sign-up write nothing here (no hot row in their transactions). Their rows carry
 * the time of their transaction (`confirmed_at`, `processed_at` from the unit of work's clock,
 * `users.created_at` from PostgreSQL), which may commit up to a transaction's length later; an hour is
 * therefore rolled only when it ended ROLLUP_LAG_MS ago, far longer than any transaction can stay open
 * (statement and idle-in-transaction timeouts are 30 s) and than the clocks of two API processes drift.
 */
export const ROLLUP_NAME = 'dashboards';
export const ROLLUP_LAG_MS = 15 * 60_000;
/** Hours rolled per transaction: a week of the busiest months at the `large` scale is ~60,000 orders. */
const CHUNK_HOURS = 7 * 24;
const HOUR_MS = 3_600_000;

const floorHour = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);

/** The furthest the watermark may be at `now`: the start of the hour that ended ROLLUP_LAG_MS ago. */
export const rollupTarget = (now: Date) => floorHour(now.getTime() - ROLLUP_LAG_MS);

/** Every hour before this instant is in the roll-ups; null when nothing was rolled yet. */
export async function readRolledUntil(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: rollupWatermarks.rolledUntil })
    .from(rollupWatermarks)
    .where(eq(rollupWatermarks.name, ROLLUP_NAME));
  return row?.at ?? null;
}

/** Sums [from, to) of the base tables into the roll-ups (the hours must hold no rows yet). */
async function rollHours(tx: Tx, from: Date, to: Date) {
  const lo = from.toISOString();
  const hi = to.toISOString();
  await tx.execute(sql`
    with sold as (
      select b.id, b.organization_id, b.event_id, date_trunc('hour', b.confirmed_at, 'UTC') as hour,
        b.currency, b.total, b.service_fee, b.organizer_amount, b.fee_paid_by
      from bookings b
      where b.status = 'CONFIRMED' and b.confirmed_at >= ${lo}::timestamptz and b.confirmed_at < ${hi}::timestamptz
    ), lines as (
      select s.id as booking_id, s.organization_id, s.event_id, s.hour, s.currency, l.ticket_type_id, l.name,
        l.quantity, l.quantity * (l.unit_price + case when s.fee_paid_by = 'BUYER' then l.unit_fee else 0 end) as gross
      from sold s join booking_lines l on l.booking_id = s.id
    ), seats as (
      select booking_id, sum(quantity) as seats from lines group by booking_id
    ), platform as (
      insert into hourly_sales (hour, currency, orders, gross, fees)
      select hour, currency, count(*), sum(total), sum(service_fee) from sold group by hour, currency
      returning 1
    ), by_event as (
      insert into hourly_event_sales (organization_id, event_id, hour, currency, orders, gross, fees,
        organizer_amount, seats)
      select s.organization_id, s.event_id, s.hour, s.currency, count(*), sum(s.total), sum(s.service_fee),
        sum(s.organizer_amount), coalesce(sum(seats.seats), 0)
      from sold s left join seats on seats.booking_id = s.id
      group by s.organization_id, s.event_id, s.hour, s.currency
      returning 1
    ), by_type as (
      insert into hourly_ticket_type_sales (organization_id, event_id, ticket_type_id, name, hour, currency,
        seats, gross)
      select organization_id, event_id, ticket_type_id, name, hour, currency, sum(quantity), sum(gross)
      from lines group by organization_id, event_id, ticket_type_id, name, hour, currency
      returning 1
    )
    select (select count(*) from platform) + (select count(*) from by_event) + (select count(*) from by_type) as n
  `);
  await tx.execute(sql`
    insert into hourly_refunds (organization_id, event_id, hour, currency, amount, fee_part, organizer_part)
    select organization_id, event_id, date_trunc('hour', processed_at, 'UTC'), currency, sum(amount),
      sum(fee_part), sum(organizer_part)
    from refunds
    where status = 'PROCESSED' and processed_at >= ${lo}::timestamptz and processed_at < ${hi}::timestamptz
    group by 1, 2, 3, 4
  `);
  await tx.execute(sql`
    insert into hourly_sign_ups (hour, users)
    select date_trunc('hour', created_at, 'UTC'), count(*) from users
    where created_at >= ${lo}::timestamptz and created_at < ${hi}::timestamptz
    group by 1
  `);
}

const ROLLUP_TABLES = [
  'hourly_sales',
  'hourly_event_sales',
  'hourly_ticket_type_sales',
  'hourly_refunds',
  'hourly_sign_ups',
];

async function clearHours(tx: Tx, from: Date, to: Date) {
  for (const table of ROLLUP_TABLES) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz`,
    );
  }
}

/** The first hour holding anything to roll (null: the base tables are empty). */
async function firstHour(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`
    select least(
      (select min(confirmed_at) from bookings where confirmed_at is not null),
      (select min(processed_at) from refunds where processed_at is not null),
      (select min(created_at) from users),
      -- An hour of event or ticket type sales always has platform sales too.
      (select min(hour) from hourly_sales),
      (select min(hour) from hourly_refunds),
      (select min(hour) from hourly_sign_ups)
    ) as first
  `);
  const first = result.rows[0]?.first;
  return first ? floorHour(new Date(first as string).getTime()) : null;
}

/** Locks the watermark row (skipping when another process holds it): null when busy elsewhere. */
async function lockWatermark(tx: Tx, wait: boolean): Promise<Date | null> {
  const locked = await tx.execute(sql`
    select rolled_until from rollup_watermarks where name = ${ROLLUP_NAME}
    for update ${wait ? sql`` : sql`skip locked`}
  `);
  const at = locked.rows[0]?.rolled_until;
  return at ? new Date(at as string) : null;
}

async function setWatermark(tx: Tx, at: Date) {
  await tx.execute(sql`
    update rollup_watermarks set rolled_until = ${at.toISOString()}::timestamptz, updated_at = now()
    where name = ${ROLLUP_NAME}
  `);
}

/** The watermark row, made on the first run at the first hour holding data (or at `target`). */
async function ensureWatermark(db: DbOrTx, target: Date) {
  if (await readRolledUntil(db)) return;
  const start = (await firstHour(db)) ?? target;
  await db.execute(sql`
    insert into rollup_watermarks (name, rolled_until) values (${ROLLUP_NAME}, ${(start < target ? start : target).toISOString()}::timestamptz)
    on conflict (name) do nothing
  `);
}

/**
 * Rolls every closed hour up to `rollupTarget(now)`, a chunk per transaction. Another process already
 * rolling makes this one return (`busy`): the job runs again in minutes.
 */
export async function catchUpRollups(
  db: Db | ClientDb,
  now: Date,
): Promise<{ hours: number; busy: boolean }> {
  const target = rollupTarget(now);
  await ensureWatermark(db, target);
  let hours = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const from = await lockWatermark(tx, false);
      if (!from) return 'busy' as const;
      if (from >= target) return 'done' as const;
      const to = new Date(Math.min(from.getTime() + CHUNK_HOURS * HOUR_MS, target.getTime()));
      await rollHours(tx, from, to);
      await setWatermark(tx, to);
      hours += (to.getTime() - from.getTime()) / HOUR_MS;
      return 'more' as const;
    });
    if (step !== 'more') return { hours, busy: step === 'busy' };
  }
}

/**
 * Sums every rolled hour again from the base tables, then catches up: for whoever wrote rows dated in
 * the past (the seeds). Each chunk replaces its hours in one transaction, so readers see either the old
 * or the new sums of an hour, never none.
 */
export async function rebuildRollups(db: Db | ClientDb, now: Date): Promise<{ hours: number }> {
  const first = await firstHour(db);
  let hours = 0;
  let at = first;
  while (at) {
    const from = at;
    at = await db.transaction(async (tx) => {
      const until = await lockWatermark(tx, true);
      if (!until || from >= until) return null;
      const to = new Date(Math.min(from.getTime() + CHUNK_HOURS * HOUR_MS, until.getTime()));
      await clearHours(tx, from, to);
      await rollHours(tx, from, to);
      hours += (to.getTime() - from.getTime()) / HOUR_MS;
      return to;
    });
  }
  const caughtUp = await catchUpRollups(db, now);
  return { hours: hours + caughtUp.hours };
}
