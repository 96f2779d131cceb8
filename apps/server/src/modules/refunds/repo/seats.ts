import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { type BookingRow, bookingLines, type TicketRow } from '../../../db/schema/index.js';
import { releaseSeats } from '../../booking/index.js';

/**
 * Puts the seats of tickets that were VALID until this refund back on sale, with the same guarded
 * UPDATEs that give back an expired hold (per inventory row of the ticket's type, and on its date).
 */
export async function releaseRefundedSeats(tx: Tx, booking: BookingRow, wasValid: TicketRow[]) {
  if (wasValid.length === 0) return;
  const perType = new Map<string, number>();
  for (const ticket of wasValid)
    perType.set(ticket.ticketTypeId, (perType.get(ticket.ticketTypeId) ?? 0) + 1);
  const lines = [];
  for (const [ticketTypeId, quantity] of perType) {
    const [line] = await tx
      .select({ inventoryId: bookingLines.inventoryId, name: bookingLines.name })
      .from(bookingLines)
      .where(and(eq(bookingLines.bookingId, booking.id), eq(bookingLines.ticketTypeId, ticketTypeId)))
      .limit(1);
    if (line) lines.push({ index: lines.length, inventoryId: line.inventoryId, name: line.name, quantity });
  }
  await releaseSeats(tx, { occurrenceId: booking.occurrenceId, lines });
}
