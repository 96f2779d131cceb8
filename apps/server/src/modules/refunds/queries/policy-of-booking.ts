import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, eventOccurrences, events, organizations } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { policyView } from '../refund-policy.js';

/**
 * The policy of one booking now: its organization's setting and the start that counts (the booking's
 * date, else the event's first start for a course).
 */
export async function policyOfBooking(db: DbOrTx, bookingId: string, now: Date) {
  const [row] = await db
    .select({
      organization: organizations,
      eventStart: events.startsAt,
      occurrenceStart: eventOccurrences.startsAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, bookings.occurrenceId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw notFound('The order');
  return {
    organization: row.organization,
    policy: policyView(row.organization, row.occurrenceStart ?? row.eventStart, now),
  };
}
