import { formatAmount } from '@marquee/contract';
import type { PaymentsProvider } from '../../../adapters/payments/index.js';
import { transition } from '../../../db/state-machine.js';
import { notFound } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { refundMachine } from '../repo/machines.js';
import {
  addBookingEvent,
  countAttempt,
  lowerRefunded,
  refundById,
  succeededPaymentOf,
} from '../repo/refunds.js';
import type { RefundRow } from '../repo/rows.js';
import { processedAudit, recordProcessedRefund } from './record-processed-refund.js';

const who = (refundId: string) => ({ system: 'refunds', requestId: `refund:${refundId}` });

/** The refund as it is now; inside a unit of work pass its `tx` (a second pool connection there can starve the pool). */
export async function currentRefund(
  dbx: EngineDeps['db'] | Parameters<typeof refundById>[0],
  refundId: string,
) {
  const row = await refundById(dbx, refundId);
  if (!row) throw notFound('The refund');
  return row;
}

/** The provider confirmed: PENDING → PROCESSED with the ledger's reversal (once, whoever reports it). */
export async function markRefundProcessed(
  deps: EngineDeps,
  refundId: string,
  provider: string,
  providerRef: string,
): Promise<RefundRow> {
  return deps.unitOfWork(
    async (change) => {
      const before = await currentRefund(change.tx, refundId);
      const row = await transition(change, refundMachine, {
        id: refundId,
        to: 'PROCESSED',
        set: { provider, providerRef, processedAt: change.now, lastError: null, updatedAt: change.now },
        audit: processedAudit({ ...before, providerRef }),
      });
      if (!row) return currentRefund(change.tx, refundId);
      await recordProcessedRefund(change, deps.listeners, row);
      return row;
    },
    { who: who(refundId) },
  );
}

/** The provider refused: the reserved money is refundable again; the tickets stay cancelled. */
export async function markRefundFailed(
  deps: EngineDeps,
  refundId: string,
  reason: string,
): Promise<RefundRow> {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now } = change;
      const before = await currentRefund(tx, refundId);
      const row = await transition(change, refundMachine, {
        id: refundId,
        to: 'FAILED',
        set: { lastError: reason, updatedAt: now },
        audit: { action: 'REFUND_FAILED', organizationId: before.organizationId, after: { reason } },
      });
      if (!row) return currentRefund(tx, refundId);
      change.afterCommit(() => deps.listeners.failed(row));
      await lowerRefunded(tx, row, now);
      await addBookingEvent(tx, {
        bookingId: row.bookingId,
        kind: 'REFUND_FAILED',
        detail: `The provider refused the refund of ${formatAmount(row.amount, row.currency)}: ${reason}`,
        at: now,
      });
      return row;
    },
    { who: who(refundId) },
  );
}

/** Sends a PENDING refund to the provider (again) under its own key, and records the answer. */
export async function finishRefund(deps: EngineDeps, refundId: string): Promise<RefundRow> {
  const { db, clock } = deps;
  const row = await currentRefund(db, refundId);
  if (row.status !== 'PENDING') return row;
  const payment = await succeededPaymentOf(db, row.bookingId);
  const attempt = async (error: string) => {
    await countAttempt(db, refundId, clock.now(), { lastError: error });
    return currentRefund(db, refundId);
  };
  if (!payment?.providerRef) return attempt('No succeeded payment of this order was found to refund.');
  let result: Awaited<ReturnType<PaymentsProvider['refund']>>;
  try {
    result = await deps.payments.refund({
      refundId: row.id,
      paymentProviderRef: payment.providerRef,
      amount: row.amount,
      currency: row.currency,
      applicationFeeRefund: row.feePart,
      reverseTransfer: row.organizerPart,
      idempotencyKey: `refund:${row.id}`,
    });
  } catch (error) {
    deps.log?.warn?.({ err: error, refundId }, 'a refund call to the provider failed; it stays PENDING');
    return attempt(error instanceof Error ? error.message : String(error));
  }
  if (result.status === 'SUCCEEDED')
    return markRefundProcessed(deps, row.id, payment.provider, result.providerRef);
  if (result.status === 'FAILED') {
    return markRefundFailed(deps, row.id, result.failureReason ?? 'The provider refused the refund.');
  }
  await countAttempt(db, row.id, clock.now(), {
    provider: payment.provider,
    providerRef: result.providerRef,
  });
  return currentRefund(db, row.id);
}
