import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RefundPaymentInput, RefundPaymentResult } from './payments.js';
import {
  findSandboxRefundByKey,
  insertSandboxRefund,
  lockSandboxPayment,
  type SandboxRefund,
  sandboxRefundedTotal,
} from './sandbox-refunds.repo.js';

/**
 * The sandbox's refunds, answered the way a provider answers them: one refund per idempotency key
 * (asked again, the first answer), and never more in total than the payment, which the sandbox checks
 * itself under a lock of the payment, as a provider would. No money moves.
 */
export function createSandboxRefunds(deps: { db: Db; clock: Clock; delayMs: number }) {
  const { db, clock } = deps;
  const answer = (row: SandboxRefund): RefundPaymentResult => ({
    providerRef: row.id,
    status: row.status,
    failureReason: row.status === 'FAILED' ? 'The refund exceeds what is left of the payment.' : null,
  });

  return async function refund(input: RefundPaymentInput): Promise<RefundPaymentResult> {
    if (deps.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.delayMs));
    return db.transaction(async (tx) => {
      const payment = await lockSandboxPayment(tx, input.paymentProviderRef);
      const earlier = await findSandboxRefundByKey(tx, input.idempotencyKey);
      if (earlier) return answer(earlier);
      // Not FAILED is enough: tests settle payments by webhook without going through the card page.
      if (!payment || payment.status === 'FAILED') {
        throw new Error(`sandbox: no paid payment ${input.paymentProviderRef} to refund`);
      }
      const refunded = await sandboxRefundedTotal(tx, payment.id);
      const row = await insertSandboxRefund(tx, {
        id: `sandbox_re_${randomBytes(12).toString('hex')}`,
        paymentId: payment.id,
        amount: input.amount,
        applicationFeeRefund: input.applicationFeeRefund,
        reverseTransfer: input.reverseTransfer,
        idempotencyKey: input.idempotencyKey,
        status: refunded + input.amount <= payment.amount ? 'SUCCEEDED' : 'FAILED',
        createdAt: clock.now(),
      });
      if (!row) throw new Error('sandbox: the refund was not recorded');
      return answer(row);
    });
  };
}
