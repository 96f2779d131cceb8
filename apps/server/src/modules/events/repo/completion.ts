import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sourcesOf } from '../../../db/state-machine.js';
import { eventStatusMachine } from './machines.js';

/** The statuses an ended event is completed from, as the machine allows (PUBLISHED). */
const COMPLETABLE = sourcesOf(eventStatusMachine, 'COMPLETED');

/**
 * PUBLISHED → COMPLETED once an event's last date has ended (docs/events.md).
 *
 * There is no scheduler: the transition is one guarded UPDATE run right before anything reads event
 * states (lists, details, availability, lifecycle changes). It is idempotent — a second run finds
 * nothing — and cheap: `starts_at < now` is implied by `ends_at < now` (a check keeps ends after
 * starts), so the planner walks `events_status_starts_idx` (status, starts_at) over published events
 * that have started, a set this very statement keeps small. Each event completed gets its audit entry
 * in the same statement, written as the system (no person completed it). A sweep over many rows, so
 * one statement rather than `transition` per row; the moves it may make are still the machine's.
 */
export async function completeEndedEvents(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const from = sql.join(
    COMPLETABLE.map((status) => sql`${status}::event_status`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with completed as (
      update events
         set status = 'COMPLETED', updated_at = ${at}::timestamptz
       where status in (${from})
         and starts_at < ${at}::timestamptz
         and ends_at < ${at}::timestamptz
      returning id, organization_id, ends_at
    )
    insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, before, after, request_id, created_at)
    select null, 'SYSTEM', 'EVENT_COMPLETED', 'EVENT', id::text, organization_id,
           jsonb_build_object('status', 'PUBLISHED'),
           jsonb_build_object('status', 'COMPLETED', 'endsAt', ends_at),
           'completion', ${at}::timestamptz
      from completed`);
  return result.rowCount ?? 0;
}
