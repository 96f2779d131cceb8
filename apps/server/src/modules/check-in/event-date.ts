import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventOccurrences, type OccurrenceRow } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

/**
 * The date a check-in call is about, which must be one of the event's dates. The event itself was
 * resolved by the call's access declaration; a date of another event is the caller's mistake (400 on
 * `occurrenceId`, as the scan and mark calls answer), never a way to read that event.
 */
export async function requireEventDate(
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

/** The answer to a date that is not one of the event's (`checkin_scan` finds it in SQL and raises P0002). */
export const notAnEventDate = () =>
  badRequest('This date is not one of the event’s dates.', [
    { field: 'occurrenceId', message: 'Choose one of the event’s dates' },
  ]);
