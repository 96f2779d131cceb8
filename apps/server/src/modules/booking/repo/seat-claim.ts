import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { type BookingRow, bookingLines } from '../../../db/schema/index.js';
import type { SeatClaim } from './seats.js';

/** The seats a stored booking holds, from its lines (what releasing or re-reserving gives or takes). */
export async function claimOf(db: DbOrTx, booking: BookingRow): Promise<SeatClaim> {
  const lines = await db.select().from(bookingLines).where(eq(bookingLines.bookingId, booking.id));
  return {
    occurrenceId: booking.occurrenceId,
    lines: lines.map((line, index) => ({
      index,
      inventoryId: line.inventoryId,
      name: line.name,
      quantity: line.quantity,
    })),
  };
}
