import { AppError } from '../../../lib/errors.js';
import type { Selling } from '../checkout.js';
import { CHECKOUT_MESSAGES } from '../checkout-rules.js';
import type { SaleView } from '../queries/sale-view.js';
import type { BookingRow } from '../repo/orders.js';
import { recordStartedPayment, settlePaymentRow } from '../repo/payments.js';
import { endHold } from './end-hold.js';

/**
 * After COMMIT (never with locks held): asks the provider for the payment, then records its answer.
 * A refusal fails the payment and the order, gives the seats back and answers 502. Returns the order
 * and where the buyer pays (what the checkout answers, without reading it back).
 */
export async function startPayment(
  selling: Selling,
  booking: BookingRow,
  paymentId: string,
  view: SaleView,
  returnPath: string | undefined,
): Promise<{
  booking: BookingRow;
  payment: { provider: string; redirectUrl: string | null; clientSecret: string | null };
}> {
  const returnUrl = `${selling.returnOrigin()}${returnPath ?? `/e/${view.event.slug ?? view.event.id}/booking/${booking.id}`}`;
  try {
    const started = await selling.payments.createPayment({
      paymentId,
      bookingId: booking.id,
      bookingCode: booking.code,
      description: `${view.event.title} (${booking.code})`,
      amount: booking.total,
      currency: booking.currency,
      applicationFee: booking.serviceFee,
      destinationAccountId: view.organization.payoutAccountId,
      returnUrl,
      idempotencyKey: `payment-${paymentId}`,
    });
    await recordStartedPayment(selling.db, paymentId, started, selling.clock.now());
    const { redirectUrl, clientSecret } = started;
    return { booking, payment: { provider: selling.payments.name, redirectUrl, clientSecret } };
  } catch (error) {
    selling.log?.error({ err: error }, 'starting a payment failed');
    await selling.unitOfWork(async (change) => {
      await settlePaymentRow(change, paymentId, 'FAILED', 'The provider refused to start the payment');
      await endHold(change, booking.id, {
        to: 'FAILED',
        timeline: { kind: 'FAILED', detail: 'The payment could not be started' },
        audit: { action: 'BOOKING_FAILED' },
      });
    });
    throw new AppError(502, CHECKOUT_MESSAGES.paymentNotStarted);
  }
}
