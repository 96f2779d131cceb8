import { formatAmount, type RefundOutcome, type RefundView } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { RefundRow } from '../../../db/schema/index.js';
import { refundsOfBooking } from './refunds-of-booking.js';

export const OUTCOME_MESSAGES = {
  PROCESSED: 'Refund processed.',
  PENDING:
    'The refund was sent to the payment provider and is waiting for its confirmation; it will be finished, not repeated.',
  FAILED: 'The refund failed.',
} as const;

/** The refund as the contract shows it (among its booking's refunds). */
export async function refundView(db: DbOrTx, row: RefundRow): Promise<RefundView> {
  const view = (await refundsOfBooking(db, row.bookingId)).find((v) => v._id === row.id);
  if (!view) throw new Error(`refund ${row.id} missing from its booking's refunds`);
  return view;
}

/** An organizer's refund of an order: the refund and what happened to the money. */
export async function refundOutcome(db: DbOrTx, row: RefundRow): Promise<RefundOutcome> {
  const refund = await refundView(db, row);
  const message =
    row.status === 'FAILED' && row.lastError
      ? `${OUTCOME_MESSAGES.FAILED} ${row.lastError}`
      : OUTCOME_MESSAGES[row.status];
  return { refund, message };
}

/** An approved request's refund, as the organizer reads it. */
export async function approvalOutcome(db: DbOrTx, refund: RefundRow): Promise<RefundOutcome> {
  const view = await refundView(db, refund);
  const money = formatAmount(refund.amount, refund.currency);
  return {
    refund: view,
    message:
      refund.status === 'PROCESSED'
        ? `Refund of ${money} processed.`
        : refund.status === 'PENDING'
          ? `Refund of ${money} approved; the payment provider has not confirmed it yet. It will be finished, not repeated.`
          : `The refund of ${money} failed: ${refund.lastError ?? 'the payment provider refused it'}.`,
  };
}
