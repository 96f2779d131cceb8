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
  // Each figure is aggregated on its own and then joined to the ticket types. Joined ticket by ticket
  // instead, the admissions' side was planned from statistics taken before the door opened (no
  // admissions yet): a nested loop that read every admission of the date again for each ticket, 15 s a
  // reading at 60,000 tickets and 1,000 admissions (docs/check-in.md, `check-in-counts`). Counted from
  // the admissions, each is one primary-key lookup of its ticket whatever the plan.
  const result = await db.execute<CountRow>(sql`
    select tt.id as ticket_type_id, tt.name,
      coalesce(s.sold, 0)::int as sold,
      coalesce(c.checked_in, 0)::int as checked_in
    from event_ticket_types tt
    left join (
      select t.ticket_type_id, count(*) as sold
      from tickets t
      where t.event_id = ${eventId}::uuid and t.status = 'VALID'
        and (t.occurrence_id = ${occurrenceId}::uuid or t.occurrence_id is null)
      group by t.ticket_type_id
    ) s on s.ticket_type_id = tt.id
    left join (
      select t.ticket_type_id, count(*) as checked_in
      from ticket_admissions a
      join tickets t on t.id = a.ticket_id
      where a.occurrence_id = ${occurrenceId}::uuid
        and t.event_id = ${eventId}::uuid and t.status = 'VALID'
        and (t.occurrence_id = ${occurrenceId}::uuid or t.occurrence_id is null)
      group by t.ticket_type_id
    ) c on c.ticket_type_id = tt.id
    where tt.event_id = ${eventId}::uuid
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
