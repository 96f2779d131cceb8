import type { BuyerBooking } from '@marquee/contract';
import { conflict } from '../../../lib/errors.js';
import type { Selling } from '../checkout.js';
import { CHECKOUT_MESSAGES } from '../checkout-rules.js';
import { loadBuyerBooking } from '../queries/buyer-booking.js';
import { bookingByToken } from '../repo/orders.js';
import { pendingPaymentIdsOf, settlePaymentRow } from '../repo/payments.js';
import { endHold } from './end-hold.js';

/** cancel-held-booking: the buyer gives up an order before paying; its seats come back at once. */
export async function cancelHold(
  selling: Selling,
  bookingId: string,
  token: string,
  requestId: string,
): Promise<BuyerBooking> {
  const booking = await bookingByToken(selling.db, bookingId, token);
  const ended = await selling.unitOfWork(
    async (change) => {
      const done = await endHold(change, booking.id, {
        to: 'CANCELLED',
        timeline: { kind: 'CANCELLED', detail: 'Cancelled by the buyer before paying' },
        audit: { action: 'BOOKING_CANCELLED' },
      });
      if (!done) throw conflict(CHECKOUT_MESSAGES.notCancellable);
      // A payment the buyer might still finish on the provider's page can no longer confirm the order.
      for (const paymentId of await pendingPaymentIdsOf(change.tx, booking.id)) {
        await settlePaymentRow(change, paymentId, 'FAILED', 'Cancelled by the buyer');
      }
      return done;
    },
    { who: { system: 'buyer', requestId } },
  );
  return loadBuyerBooking(selling.db, ended, token);
}
