import type { Change } from '../../../db/unit-of-work.js';
import { chargeMismatch } from '../../../lib/reported-charge.js';
import { retakePromoUse } from '../../promo-codes/index.js';
import { newAccessToken } from '../codes.js';
import { writeConfirmation } from '../repo/confirmation.js';
import { addTimeline, type BookingRow, confirmOrder, failEndedOrder, findBooking } from '../repo/orders.js';
import { type PaymentRow, pendingPayment, settlePaymentRow } from '../repo/payments.js';
import { retakeSeats } from '../repo/seats.js';
import {
  PAID_AFTER_EXPIRY,
  type SettleInput,
  type SettleResult,
  type Settling,
  settlementWho,
} from '../settling.js';
import { refuseCharge } from './refuse-charge.js';

const HOLD_ENDED = ['EXPIRED', 'FAILED', 'CANCELLED'] as const;
type HoldEnded = (typeof HOLD_ENDED)[number];
const holdEnded = (status: BookingRow['status']): status is HoldEnded =>
  (HOLD_ENDED as readonly string[]).includes(status);

/**
 * The provider says the payment succeeded: payment PENDING → SUCCEEDED, then the order confirmed with
 * its tickets, its ledger posting and a fresh access token (settle-payment.ts tells the whole story).
 */
export async function confirmPaidOrder(
  settling: Settling,
  paymentId: string,
  input: SettleInput,
): Promise<SettleResult> {
  const access = newAccessToken();
  return settling.unitOfWork(
    async (change) => {
      // The amount and currency never change on a payment row, so reading it unlocked is enough.
      const pending = await pendingPayment(change.tx, paymentId);
      if (!pending) return 'ALREADY_SETTLED';
      const mismatch = chargeMismatch(pending, input);
      if (mismatch) return refuseCharge(settling, change, input, pending, mismatch);
      const payment = await settlePaymentRow(change, paymentId, 'SUCCEEDED', null);
      if (!payment) return 'ALREADY_SETTLED';
      const held = await findBooking(change.tx, payment.bookingId);
      if (!held) return 'UNKNOWN_PAYMENT';
      const tokens = { accessTokenHash: access.hash, checkoutTokenHash: held.accessTokenHash };
      const audit = {
        action: 'BOOKING_CONFIRMED',
        organizationId: held.organizationId,
        after: { paymentId: payment.id },
      };

      let confirmed = await confirmOrder(change, held.id, ['HELD'], tokens, audit);
      let result: SettleResult = 'CONFIRMED';
      const was = held.status;
      if (!confirmed && holdEnded(was)) {
        // Paid after the hold ended: the money is in, so the seats are taken again when still free.
        // Its promo code's use came back with the seats: taken again with them, under the same limit.
        const promoToo = (savepoint: typeof change.tx) => retakePromoUse(savepoint, held.id);
        if (!(await retakeSeats(change.tx, held, promoToo))) return paidTooLate(change, held, was, payment);
        confirmed = await confirmOrder(change, held.id, [was], tokens, audit);
        result = 'CONFIRMED_AFTER_EXPIRY';
      }
      if (!confirmed) return 'ALREADY_SETTLED';
      const issued = await writeConfirmation(
        change.tx,
        confirmed,
        change.now,
        `Paid (${input.provider} ${input.providerRef})`,
      );
      // The door's live "sold" figure moves once the tickets are committed.
      const eventId = confirmed.eventId;
      change.afterCommit(() => settling.notices?.ticketsSold({ eventId, tickets: issued }));
      await settling.emails.enqueueConfirmation(change, confirmed, access.token);
      return result;
    },
    { who: settlementWho(input.providerRef) },
  );
}

/** Paid after the hold ended and the seats were taken meanwhile: FAILED, flagged for a refund. */
async function paidTooLate(
  change: Change,
  held: BookingRow,
  was: HoldEnded,
  payment: PaymentRow,
): Promise<SettleResult> {
  // An order that had already FAILED stays so; an expired or cancelled one becomes FAILED.
  if (was !== 'FAILED') await failEndedOrder(change, held.id, was);
  await addTimeline(
    change.tx,
    held.id,
    'PAID_AFTER_EXPIRY',
    `${PAID_AFTER_EXPIRY}: paid ${payment.amount} ${payment.currency} after the seats were gone`,
    change.now,
  );
  await change.audit({
    action: 'BOOKING_PAID_AFTER_EXPIRY',
    entityType: 'BOOKING',
    entityId: held.id,
    organizationId: held.organizationId,
    before: { status: was },
    after: { status: 'FAILED', paymentId: payment.id },
  });
  return 'PAID_AFTER_EXPIRY';
}
