import type { Change } from '../../../db/unit-of-work.js';
import type { BookingEmails } from '../booking-emails.js';
import { writeConfirmation } from '../repo/confirmation.js';
import { type BookingRow, confirmOrder } from '../repo/orders.js';
import type { SalesNotices } from '../sales-notices.js';

/**
 * A free order is confirmed in the unit of work that creates it: HELD → CONFIRMED, its tickets, and
 * the confirmation email enqueued in the same transaction. Returns the order as it now is.
 */
export async function confirmFreeOrder(
  change: Change,
  emails: BookingEmails,
  booking: BookingRow,
  access: { token: string; hash: string },
  notices?: SalesNotices,
): Promise<BookingRow> {
  const tokens = { accessTokenHash: access.hash, checkoutTokenHash: null };
  const confirmed = (await confirmOrder(change, booking.id, ['HELD'], tokens)) ?? booking;
  const issued = await writeConfirmation(change.tx, confirmed, change.now, 'Free booking confirmed');
  // The door's live "sold" figure moves once the tickets are committed.
  change.afterCommit(() => notices?.ticketsSold({ eventId: confirmed.eventId, tickets: issued }));
  await emails.enqueueConfirmation(change, confirmed, access.token);
  return confirmed;
}
