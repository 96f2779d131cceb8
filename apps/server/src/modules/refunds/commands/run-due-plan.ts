import type { EngineDeps } from '../deps.js';
import { paidDuesWithoutRefund } from '../repo/dues.js';
import type { DuePaymentRow } from '../repo/rows.js';
import { refundOrder } from './refund-order.js';

/** The refund an ORDER_REFUND due runs once paid (kept as JSON on the due payment). */
export interface DuePlan {
  bookingId: string;
  ticketIds: string[];
  amount?: number;
  refundServiceFee: boolean;
  reason: string | null;
  /** The engine's key: the refund runs exactly once, however often the payment is reported. */
  idempotencyKey: string;
}

/** The order refund a paid ORDER_REFUND due was waiting for (its listener on the engine). */
export async function runDuePlan(deps: EngineDeps, due: DuePaymentRow) {
  if (due.purpose !== 'ORDER_REFUND' || !due.plan) return;
  const plan = due.plan as unknown as DuePlan;
  await refundOrder(deps, {
    bookingId: plan.bookingId,
    ticketIds: plan.ticketIds,
    amount: plan.amount,
    refundServiceFee: plan.refundServiceFee,
    source: 'ORGANIZER',
    reason: plan.reason,
    idempotencyKey: plan.idempotencyKey,
    initiatedBy: due.createdBy,
  });
}

/**
 * Paid order dues whose refund never ran (the process stopped between the payment's commit and the
 * refund): runs them now, with their stored keys (the scheduler's; a refund already made is found).
 */
export async function resumePaidDuePlans(deps: EngineDeps): Promise<number> {
  let ran = 0;
  for (const due of await paidDuesWithoutRefund(deps.db)) {
    try {
      await runDuePlan(deps, due);
      ran += 1;
    } catch (error) {
      deps.log?.error({ err: error, dueId: due.id }, 'the refund of a paid due could not run');
    }
  }
  return ran;
}
