import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/** At most this many holds per sweep: a backlog is worked off over a few sweeps, never in one long lock. */
const BATCH = 500;

/**
 * Gives back the seats of every HELD booking whose hold has run out, in one statement: the holds are
 * claimed with `FOR UPDATE SKIP LOCKED` (a booking being paid or settled right now is left to that
 * change), flipped HELD → EXPIRED by a guarded UPDATE, and only the flipped ones return their seats,
 * summed per inventory row and per date (one UPDATE per row: a row updated twice in one statement
 * would count once). Running it twice, or from two servers at once, releases each hold exactly once.
 * Returns how many holds expired.
 */
export async function releaseExpiredHolds(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute<{ expired: number }>(sql`
    with due as (
      select id from bookings
      where status = 'HELD' and hold_expires_at <= ${at}::timestamptz
      order by hold_expires_at
      limit ${BATCH}
      for update skip locked
    ), flipped as (
      update bookings b set status = 'EXPIRED', updated_at = ${at}::timestamptz
      from due where b.id = due.id and b.status = 'HELD'
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
        + (select count(*) from audited) as touched
  `);
  return result.rows[0]?.expired ?? 0;
}

/** The periodic sweep (app lifecycle): unref'd so it never keeps the process alive; stop() on close. */
export function startHoldSweep(options: {
  db: DbOrTx;
  now: () => Date;
  everySeconds: number;
  log: { error(obj: object, msg: string): void };
}) {
  if (options.everySeconds <= 0) return { stop() {} };
  const timer = setInterval(() => {
    releaseExpiredHolds(options.db, options.now()).catch((error) =>
      options.log.error({ err: error }, 'releasing expired holds failed'),
    );
  }, options.everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The sweep as checkout and event reads run it: at most once a second per process (by the app's clock),
 * so a burst of buyers does not run it a thousand times; a hold expired less than a second ago may
 * still count as taken for that second.
 */
export function throttledRelease(db: DbOrTx, intervalMs = 1000) {
  let last = Number.NEGATIVE_INFINITY;
  let running: Promise<number> | null = null;
  return async (now: Date): Promise<void> => {
    if (running) {
      await running;
      return;
    }
    if (Math.abs(now.getTime() - last) < intervalMs) return;
    last = now.getTime();
    running = releaseExpiredHolds(db, now);
    try {
      await running;
    } finally {
      running = null;
    }
  };
}
