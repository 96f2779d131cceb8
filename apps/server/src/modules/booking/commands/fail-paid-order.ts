import { settlePaymentRow } from '../repo/payments.js';
import { type SettleInput, type SettleResult, type Settling, settlementWho } from '../settling.js';
import { endHold } from './end-hold.js';

/** The provider says the payment failed: payment PENDING → FAILED; its HELD order FAILED, seats back. */
export async function failPaidOrder(
  settling: Settling,
  paymentId: string,
  input: SettleInput,
): Promise<SettleResult> {
  return settling.unitOfWork(
    async (change) => {
      const payment = await settlePaymentRow(
        change,
        paymentId,
        'FAILED',
        input.failureReason ?? 'The payment failed',
      );
      if (!payment) return 'ALREADY_SETTLED';
      const ended = await endHold(change, payment.bookingId, {
        to: 'FAILED',
        timeline: {
          kind: 'PAYMENT_FAILED',
          detail: input.failureReason ?? 'The payment failed; the seats were given back.',
        },
        audit: { action: 'BOOKING_FAILED', after: { paymentId: payment.id } },
      });
      return ended ? 'FAILED' : 'ALREADY_SETTLED';
    },
    { who: settlementWho(input.providerRef) },
  );
}
