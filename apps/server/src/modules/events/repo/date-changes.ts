import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { bookings, eventOccurrences } from '../../../db/schema/index.js';

export interface DateTimes {
  startsAt: Date;
  endsAt: Date;
}

/** The event's dates as they stand, by id (read before a change and after it to see which moved). */
export async function occurrenceTimes(tx: Tx, eventId: string): Promise<Map<string, DateTimes>> {
  const rows = await tx
    .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt, endsAt: eventOccurrences.endsAt })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  return new Map(rows.map((row) => [row.id, { startsAt: row.startsAt, endsAt: row.endsAt }]));
}

/**
 * The confirmed orders a change of these dates concerns: those booked for one of them, and (a course,
 * booked whole, `occurrenceId` null) every confirmed order of the event.
 */
export async function confirmedOrdersOfDates(tx: Tx, eventId: string, occurrenceIds: string[]) {
  if (occurrenceIds.length === 0) return [];
  return tx
    .select({
      id: bookings.id,
      code: bookings.code,
      buyerName: bookings.buyerName,
      buyerEmail: bookings.buyerEmail,
      occurrenceId: bookings.occurrenceId,
      organizationId: bookings.organizationId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, eventId),
        eq(bookings.status, 'CONFIRMED'),
        or(inArray(bookings.occurrenceId, occurrenceIds), isNull(bookings.occurrenceId)),
      ),
    );
}
