import type { RefundQuote } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { checkAllFound, type RefundAsk, splitRefund, uniqueTicketIds } from '../refund-split.js';
import { organizerHeld } from '../repo/funds.js';
import { bookingForRefund, ticketsOfBooking } from '../repo/refunds.js';

/** check-booking-due-amount: the split of a refund before it is confirmed, with what is owed first. */
export async function quoteRefund(db: DbOrTx, ask: RefundAsk): Promise<RefundQuote> {
  const found = await bookingForRefund(db, ask.bookingId, false);
  if (!found) throw notFound('The order');
  const ids = uniqueTicketIds(ask.ticketIds);
  const rows = await ticketsOfBooking(db, ask.bookingId, ids, false);
  checkAllFound(rows, ids);
  const { booking, defaultFeeRefund } = found;
  const held = await organizerHeld(db, booking.organizationId, booking.currency);
  return splitRefund(booking, rows, ask, ask.refundServiceFee ?? defaultFeeRefund, held).quote;
}
