import type { RefundOutcome, RefundView } from '@marquee/contract';
import type { RefundRow } from '../../../db/schema/index.js';
import type { RefundEngine } from '../commands/refund-order.js';

export const OUTCOME_MESSAGES = {
  PROCESSED: 'Refund processed.',
  PENDING:
    'The refund was sent to the payment provider and is waiting for its confirmation; it will be finished, not repeated.',
  FAILED: 'The refund failed.',
} as const;

/** The refund as the contract shows it (the engine's view of the booking's refunds). */
export async function refundView(engine: RefundEngine, row: RefundRow): Promise<RefundView> {
  const views = await engine.refundsOf(row.bookingId);
  const view = views.find((v) => v._id === row.id);
  if (!view) throw new Error(`refund ${row.id} missing from its booking's refunds`);
  return view;
}

export async function refundOutcome(engine: RefundEngine, row: RefundRow): Promise<RefundOutcome> {
  const refund = await refundView(engine, row);
  const message =
    row.status === 'FAILED' && row.lastError
      ? `${OUTCOME_MESSAGES.FAILED} ${row.lastError}`
      : OUTCOME_MESSAGES[row.status];
  return { refund, message };
}
