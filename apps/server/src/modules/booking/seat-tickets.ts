import { newTicketCode } from './codes.js';

/** What a ticket is issued from: an order line's type, seats, prices and attendee names. */
export interface SeatLine {
  ticketTypeId: string;
  quantity: number;
  unitPrice: number;
  unitFee: number;
  attendees?: readonly (string | null)[] | null;
}

/**
 * An order's tickets: one per seat, each with its line's attendee name and a code of its own, created a
 * millisecond apart so the tickets list in the order of the lines. Both ways an order is confirmed use it
 * (a free order in its one statement, a paid one when its payment is confirmed).
 */
export function seatTickets(lines: readonly SeatLine[], now: Date) {
  let seat = 0;
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, i) => ({
      ticketTypeId: line.ticketTypeId,
      code: newTicketCode(),
      attendeeName: line.attendees?.[i] ?? null,
      price: line.unitPrice,
      fee: line.unitFee,
      createdAt: new Date(now.getTime() + seat++),
    })),
  );
}
