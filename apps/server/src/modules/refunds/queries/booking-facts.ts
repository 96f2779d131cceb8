import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, events } from '../../../db/schema/index.js';

/** What the buyer's emails about one order name and link to. */
export interface BookingFacts {
  id: string;
  code: string;
  buyerEmail: string;
  currency: string;
  eventTitle: string;
  eventSlug: string;
}

export async function bookingFacts(db: DbOrTx, bookingId: string): Promise<BookingFacts | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      buyerEmail: bookings.buyerEmail,
      currency: bookings.currency,
      eventTitle: events.title,
      eventSlug: events.slug,
      eventId: events.id,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  return row ? { ...row, eventSlug: row.eventSlug ?? row.eventId } : null;
}
