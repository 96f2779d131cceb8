import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { eventOccurrences, eventTicketTypes } from '../../../db/schema/index.js';

/** The ids of an event's ticket types and dates, which a code's scope must name. */
export async function eventScope(db: DbOrTx, eventId: string) {
  // One after the other: inside a transaction, one query at a time.
  const types = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId));
  const dates = await db
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  return { typeIds: new Set(types.map((t) => t.id)), dateIds: new Set(dates.map((d) => d.id)) };
}
