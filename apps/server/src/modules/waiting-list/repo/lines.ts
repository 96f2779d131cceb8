import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/** One ticket type on one date as the waiting list sees it (an inventory row and its event). */
export type WaitingLine = {
  inventoryId: string;
  eventId: string;
  organizationId: string;
  occurrenceId: string | null;
  ticketTypeId: string;
  /** Seats nobody holds: the type's and, when the date has its own cap, the date's. */
  free: number;
  /** The event is on sale to buyers (published, not blocked or archived) and the date not cancelled. */
  open: boolean;
  enabled: boolean;
  offerHours: number;
  /** When sales of the type end (null: with the event), and when the date (or the event) ends. */
  saleEndsAt: Date | null;
  endsAt: Date | null;
};

const LINE = sql`
  select i.id as "inventoryId", i.event_id as "eventId", e.organization_id as "organizationId",
    i.occurrence_id as "occurrenceId", i.ticket_type_id as "ticketTypeId",
    least(i.capacity - i.sold, coalesce(o.capacity - o.sold, i.capacity - i.sold))::int as "free",
    (e.status = 'PUBLISHED' and not e.is_blocked and not e.is_archived
      and coalesce(o.status, 'SCHEDULED') = 'SCHEDULED') as "open",
    coalesce(s.enabled, true) as "enabled", coalesce(s.offer_hours, 24)::int as "offerHours",
    t.sale_ends_at as "saleEndsAt", coalesce(o.ends_at, e.ends_at) as "endsAt"
  from ticket_inventory i
  join events e on e.id = i.event_id
  join event_ticket_types t on t.id = i.ticket_type_id
  left join event_occurrences o on o.id = i.occurrence_id
  left join waiting_list_settings s on s.event_id = i.event_id`;

/** The lines of one ticket type of an event (one per date; one for a single event or a course). */
export async function linesOfType(db: DbOrTx, eventId: string, ticketTypeId: string): Promise<WaitingLine[]> {
  const rows = await db.execute<WaitingLine>(
    sql`${LINE} where i.event_id = ${eventId} and i.ticket_type_id = ${ticketTypeId}`,
  );
  return rows.rows;
}

/**
 * One line, its inventory row locked (always before the pool row: the trigger's order). NO KEY UPDATE,
 * the lock the checkout's own `UPDATE … SET sold` takes: a FOR UPDATE would wait on the key-share lock
 * that a concurrent checkout's booking line (a foreign key to this row) holds, while that checkout
 * waits on this one — a deadlock.
 */
export async function lockLine(db: DbOrTx, inventoryId: string): Promise<WaitingLine | null> {
  const rows = await db.execute<WaitingLine>(sql`${LINE} where i.id = ${inventoryId} for no key update of i`);
  return rows.rows[0] ?? null;
}
