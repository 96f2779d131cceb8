import type { CheckInCounts } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { dateOfEventOrRefuse } from './event-date.js';

interface CountRow extends Record<string, unknown> {
  ticket_type_id: string;
  name: string;
  sold: number;
  checked_in: number;
}

/**
 * Checked in / sold for one date, per ticket type, in one statement. Sold = VALID tickets of the date
 * plus VALID course tickets (no date of their own: good for every session); checked in = those of them
 * with an admission for this date. A ticket refunded after it was admitted leaves both figures, so
 * checked in never exceeds sold. Every ticket type of the event is listed, unsold ones with zeros.
 */
export async function readCounts(
  db: DbOrTx,
  eventId: string,
  occurrenceId: string,
  at: Date,
): Promise<CheckInCounts> {
  const result = await db.execute<CountRow>(sql`
    select tt.id as ticket_type_id, tt.name,
      count(t.id)::int as sold,
      count(a.ticket_id)::int as checked_in
    from event_ticket_types tt
    left join tickets t
      on t.ticket_type_id = tt.id and t.event_id = ${eventId}::uuid and t.status = 'VALID'
      and (t.occurrence_id = ${occurrenceId}::uuid or t.occurrence_id is null)
    left join ticket_admissions a on a.ticket_id = t.id and a.occurrence_id = ${occurrenceId}::uuid
    where tt.event_id = ${eventId}::uuid
    group by tt.id, tt.name, tt.position
    order by tt.position, tt.name, tt.id`);
  const byTicketType = result.rows.map((row) => ({
    ticketTypeId: row.ticket_type_id,
    name: row.name,
    sold: row.sold,
    checkedIn: row.checked_in,
  }));
  return {
    eventId,
    occurrenceId,
    sold: byTicketType.reduce((sum, type) => sum + type.sold, 0),
    checkedIn: byTicketType.reduce((sum, type) => sum + type.checkedIn, 0),
    byTicketType,
    at: at.toISOString(),
  };
}

/** check-in-counts: the counts of one of the event's dates (another event's date is a 400). */
export async function countsOfDate(
  db: DbOrTx,
  eventId: string,
  occurrenceId: string,
  at: Date,
): Promise<CheckInCounts> {
  await dateOfEventOrRefuse(db, eventId, occurrenceId);
  return readCounts(db, eventId, occurrenceId, at);
}
