import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/** What an entry's emails and pages name: the event, the type and the date. */
export interface LineNames {
  eventTitle: string;
  eventSlug: string | null;
  timeZone: string;
  ticketTypeName: string;
  occurrenceStartsAt: Date | null;
  occurrenceEndsAt: Date | null;
}

export async function namesOf(db: DbOrTx, inventoryId: string): Promise<LineNames> {
  const rows = await db.execute<{
    eventTitle: string;
    eventSlug: string | null;
    timeZone: string | null;
    ticketTypeName: string;
    occurrenceStartsAt: string | null;
    occurrenceEndsAt: string | null;
  }>(sql`
    select e.title as "eventTitle", e.slug as "eventSlug", e.time_zone as "timeZone",
      t.name as "ticketTypeName", o.starts_at as "occurrenceStartsAt", o.ends_at as "occurrenceEndsAt"
    from ticket_inventory i
    join events e on e.id = i.event_id
    join event_ticket_types t on t.id = i.ticket_type_id
    left join event_occurrences o on o.id = i.occurrence_id
    where i.id = ${inventoryId}`);
  const row = rows.rows[0];
  if (!row) throw new Error('the waiting list line is gone');
  return {
    eventTitle: row.eventTitle,
    eventSlug: row.eventSlug,
    timeZone: row.timeZone ?? 'UTC',
    ticketTypeName: row.ticketTypeName,
    occurrenceStartsAt: row.occurrenceStartsAt ? new Date(row.occurrenceStartsAt) : null,
    occurrenceEndsAt: row.occurrenceEndsAt ? new Date(row.occurrenceEndsAt) : null,
  };
}
