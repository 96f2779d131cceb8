import { type BuyerRefundOptions, REFUND_MESSAGES } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { activeReasons, bookingByToken } from '../repo/requests.js';
import type { BookingRow } from '../repo/rows.js';
import { policyOfBooking } from './policy-of-booking.js';
import { refundableTickets } from './refundable-tickets.js';
import { refundsOfBooking } from './refunds-of-booking.js';
import { requestViewsOfBooking } from './request-views.js';

/**
 * The booking a buyer's token opens: a wrong token is the same 404 as a booking that does not exist
 * (the token is the buyer's only credential, as on the ticket page).
 */
export async function buyerBooking(db: DbOrTx, bookingId: string, token: string): Promise<BookingRow> {
  const booking = await bookingByToken(db, bookingId, token);
  if (!booking) throw notFound('The booking');
  return booking;
}

/** get-refund-options: what the policy allows the buyer now, the tickets, reasons, requests and refunds. */
export async function buyerRefundOptions(
  db: DbOrTx,
  now: Date,
  bookingId: string,
  token: string,
): Promise<BuyerRefundOptions> {
  const booking = await buyerBooking(db, bookingId, token);
  const { organization, policy } = await policyOfBooking(db, booking.id, now);
  const paid = booking.status === 'CONFIRMED';
  const [tickets, reasonRows, requests, refunds] = await Promise.all([
    paid ? refundableTickets(db, booking.id, organization.refundServiceFee) : Promise.resolve([]),
    activeReasons(db, 'REFUND_REQUEST'),
    requestViewsOfBooking(db, booking.id),
    refundsOfBooking(db, booking.id),
  ]);
  return {
    // Only a paid booking can be refunded, whatever the window says.
    policy: paid ? policy : { ...policy, open: false, closedReason: REFUND_MESSAGES.notPaid },
    currency: booking.currency,
    tickets,
    reasons: reasonRows.map((r) => ({ _id: r.id, kind: r.kind, text: r.text, order: r.order })),
    requests,
    refunds,
  };
}
