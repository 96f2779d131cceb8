import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  type BookingRow,
  bookingEvents,
  bookingLines,
  ledgerEntries,
  tickets,
} from '../../../db/schema/index.js';
import { seatTickets } from '../seat-tickets.js';

/**
 * What confirming a booking writes, once (the caller has just moved it to CONFIRMED through the
 * order's state machine, a guarded UPDATE, so only one change ever gets here): one ticket per seat
 * with its attendee name, and the ledger's posting group — the buyer's payment (debit) split into the platform's fee and what the
 * organizer is owed (credits), summing to zero. A free booking posts nothing (all zero).
 */
export async function writeConfirmation(
  tx: Tx,
  booking: BookingRow,
  now: Date,
  detail: string,
): Promise<{ id: string; occurrenceId: string | null }[]> {
  const lines = await tx
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, booking.id))
    .orderBy(asc(bookingLines.id));
  const seats = seatTickets(lines, now).map((ticket) => ({
    ...ticket,
    bookingId: booking.id,
    eventId: booking.eventId,
    occurrenceId: booking.occurrenceId,
    updatedAt: now,
  }));
  const issued = seats.length
    ? await tx.insert(tickets).values(seats).returning({ id: tickets.id, occurrenceId: tickets.occurrenceId })
    : [];
  if (booking.total > 0) {
    const groupId = randomUUID();
    const entry = (account: 'BUYER_PAYMENTS' | 'PLATFORM_FEES' | 'ORGANIZER_PAYABLE', amount: number) => ({
      groupId,
      bookingId: booking.id,
      organizationId: booking.organizationId,
      account,
      amount,
      currency: booking.currency,
      kind: 'BOOKING_CONFIRMED',
      createdAt: now,
    });
    // The partial unique index (booking, account) for BOOKING_CONFIRMED makes a second posting impossible.
    await tx
      .insert(ledgerEntries)
      .values([
        entry('BUYER_PAYMENTS', booking.total),
        entry('PLATFORM_FEES', -booking.serviceFee),
        entry('ORGANIZER_PAYABLE', -booking.organizerAmount),
      ]);
  }
  await tx.insert(bookingEvents).values({ bookingId: booking.id, kind: 'CONFIRMED', detail, at: now });
  return issued;
}
