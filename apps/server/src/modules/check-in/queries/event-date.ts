import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { eventOccurrences, type OccurrenceRow } from '../../../db/schema/index.js';
import { notAnEventDate } from '../door-errors.js';

/**
 * The date a check-in call is about, which must be one of the event's dates. The event itself was
 * resolved by the call's access declaration; a date of another event is the caller's mistake (400 on
 * `occurrenceId`, as the scan and mark calls answer), never a way to read that event.
 */
export async function dateOfEventOrRefuse(
  db: DbOrTx,
  eventId: string,
  occurrenceId: string,
): Promise<OccurrenceRow> {
  const [date] = await db
    .select()
    .from(eventOccurrences)
    .where(and(eq(eventOccurrences.id, occurrenceId), eq(eventOccurrences.eventId, eventId)));
  if (!date) throw notAnEventDate();
  return date;
}

/** The ids of every date of the event (a course ticket is good on each). */
export async function eventDateIds(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  return rows.map((row) => row.id);
}
