import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sourcesOf } from '../../../db/state-machine.js';
import { orderMachine } from './machines.js';

/** At most this many holds per sweep: a backlog is worked off over a few sweeps, never in one long lock. */
const BATCH = 500;

/**
 * The statuses a hold may expire from, read from the order's machine. The sweep moves a batch in one
 * statement (claimed with SKIP LOCKED), which `transition` (one row per call) cannot do; it inlines
 * them as literals so the planner can still use the partial index on HELD holds.
 */
const EXPIRABLE = sql.raw(
  sourcesOf(orderMachine, 'EXPIRED')
    .map((status) => `'${status}'`)
    .join(', '),
);

/**
 * Gives back the seats of every HELD booking whose hold has run out, in one statement: the holds are
 * claimed with `FOR UPDATE SKIP LOCKED` (a booking being paid or settled right now is left to that
 * change), moved HELD → EXPIRED (the order machine's move) by a guarded UPDATE, and only the flipped ones return their seats,
 * summed per inventory row and per date (one UPDATE per row: a row updated twice in one statement
 * would count once); the promo code uses they held come back the same way. Running it twice, or from two servers at once, releases each hold exactly once.
 * Returns how many holds expired.
 */
export async function releaseExpiredHolds(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute<{ expired: number }>(sql`
    with due as (
      select id, promo_code_id, promo_use_held from bookings
      where status in (${EXPIRABLE}) and hold_expires_at <= ${at}::timestamptz
      order by hold_expires_at
      limit ${BATCH}
      for update skip locked
    ), flipped as (
      update bookings b set status = 'EXPIRED', promo_use_held = false, updated_at = ${at}::timestamptz
      from due where b.id = due.id and b.status in (${EXPIRABLE})
      returning b.id, b.occurrence_id, b.organization_id
    ), per_row as (
      select l.inventory_id, sum(l.quantity)::int as quantity
      from booking_lines l join flipped f on f.id = l.booking_id
      group by l.inventory_id
    ), per_date as (
      select f.occurrence_id, sum(l.quantity)::int as quantity
      from booking_lines l join flipped f on f.id = l.booking_id
      where f.occurrence_id is not null
      group by f.occurrence_id
    ), seats as (
      update ticket_inventory i set sold = i.sold - per_row.quantity
      from per_row where i.id = per_row.inventory_id
      returning i.id
    ), dates as (
      update event_occurrences o set sold = greatest(o.sold - per_date.quantity, 0)
      from per_date where o.id = per_date.occurrence_id
      returning o.id
    ), per_code as (
      -- Each expired order gives back the promo code use it held (docs/promo-codes.md).
      select d.promo_code_id, count(*)::int as uses
      from due d join flipped f on f.id = d.id
      where d.promo_use_held and d.promo_code_id is not null
      group by d.promo_code_id
    ), codes as (
      update promo_codes p set uses = greatest(p.uses - per_code.uses, 0)
      from per_code where p.id = per_code.promo_code_id
      returning p.id
    ), timeline as (
      insert into booking_events (booking_id, kind, detail, at)
      select id, 'EXPIRED', 'The hold ran out before payment; the seats were given back.', ${at}::timestamptz
      from flipped
      returning booking_id
    ), audited as (
      insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, before, after, request_id, created_at)
      select null, 'SYSTEM', 'BOOKING_EXPIRED', 'BOOKING', id::text, organization_id,
        '{"status":"HELD"}'::jsonb, '{"status":"EXPIRED"}'::jsonb, 'hold-sweep', ${at}::timestamptz
      from flipped
      returning id
    )
    select (select count(*) from flipped)::int as expired,
      (select count(*) from seats) + (select count(*) from dates) + (select count(*) from timeline)
        + (select count(*) from codes)
        + (select count(*) from audited) as touched
  `);
  return result.rows[0]?.expired ?? 0;
}
