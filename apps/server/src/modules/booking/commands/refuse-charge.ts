import type { Change } from '../../../db/unit-of-work.js';
import { addTimeline, findBooking } from '../repo/orders.js';
import type { PaymentRow } from '../repo/payments.js';
import type { SettleInput, SettleResult, Settling } from '../settling.js';

/**
 * A success that does not match its payment (another amount or currency): recorded on the order's
 * timeline and in the audit log, with a warning naming the order; nothing else changes.
 */
export async function refuseCharge(
  settling: Settling,
  { tx, now, audit, afterCommit }: Change,
  input: SettleInput,
  pending: PaymentRow,
  mismatch: string,
): Promise<SettleResult> {
  const booking = await findBooking(tx, pending.bookingId);
  if (!booking) return 'UNKNOWN_PAYMENT';
  await addTimeline(
    tx,
    booking.id,
    'PAYMENT_REFUSED',
    `A payment confirmation was refused: ${mismatch}. The order stays unpaid.`,
    now,
  );
  await audit({
    action: 'PAYMENT_CONFIRMATION_REFUSED',
    entityType: 'BOOKING',
    entityId: booking.id,
    organizationId: booking.organizationId,
    before: { paymentId: pending.id, amount: pending.amount, currency: pending.currency },
    after: {
      provider: input.provider,
      providerRef: input.providerRef,
      reportedAmount: input.amount,
      reportedCurrency: input.currency,
      reason: mismatch,
    },
  });
  afterCommit(() =>
    settling.log?.warn(
      {
        orderCode: booking.code,
        bookingId: booking.id,
        provider: input.provider,
        providerRef: input.providerRef,
        expected: { amount: pending.amount, currency: pending.currency },
        reported: { amount: input.amount, currency: input.currency },
      },
      `payment confirmation refused for order ${booking.code}: ${mismatch}`,
    ),
  );
  return 'CHARGE_MISMATCH';
}
