import { transition } from '../../../db/state-machine.js';
import { chargeMismatch, type ReportedCharge } from '../../../lib/reported-charge.js';
import type { EngineDeps } from '../deps.js';
import { dueByProviderRef, postDuePaid } from '../repo/dues.js';
import { lockOrganizationFunds } from '../repo/funds.js';
import { dueMachine } from '../repo/machines.js';
import type { DuePaymentRow } from '../repo/rows.js';

export type DueSettleResult =
  | 'DUE_PAID'
  | 'DUE_FAILED'
  | 'ALREADY_SETTLED'
  | 'UNKNOWN_PAYMENT'
  /** A success for another amount or currency than the due's: refused, the due still PENDING. */
  | 'CHARGE_MISMATCH';

/**
 * A payment outcome the booking side did not know (`UNKNOWN_PAYMENT`): a due payment's, or nobody's
 * (docs/refunds.md, "Held and due"). Joins the webhook's unit of work; the due's transition PENDING →
 * SUCCEEDED | FAILED means a duplicate or late report finds nothing to move and changes nothing. A
 * paid due is posted (DUE_PAID) under the organization's funds lock and, after COMMIT, told to the
 * listeners: the order refund waiting for it runs with the key stored in its plan, exactly once.
 */
export async function settleDue(
  deps: EngineDeps,
  input: ReportedCharge & {
    provider: string;
    providerRef: string;
    outcome: 'SUCCEEDED' | 'FAILED';
    failureReason?: string | null;
  },
): Promise<DueSettleResult> {
  return deps.unitOfWork(
    async (change) => {
      const { tx, now, audit, afterCommit } = change;
      const due = await dueByProviderRef(tx, input.provider, input.providerRef);
      if (!due) return 'UNKNOWN_PAYMENT';
      if (input.outcome === 'FAILED') {
        const failed = await transition(change, dueMachine, {
          id: due.id,
          to: 'FAILED',
          audit: {
            action: 'DUE_PAYMENT_FAILED',
            organizationId: due.organizationId,
            after: { reason: input.failureReason ?? null },
          },
        });
        return failed ? 'DUE_FAILED' : 'ALREADY_SETTLED';
      }
      // As for a buyer's payment (booking's settlement): only the due's own amount and currency pay it.
      const mismatch = due.status === 'PENDING' && chargeMismatch(due, input);
      if (mismatch) {
        await audit({
          action: 'DUE_PAYMENT_CONFIRMATION_REFUSED',
          entityType: 'DUE_PAYMENT',
          entityId: due.id,
          organizationId: due.organizationId,
          before: { status: 'PENDING', amount: due.amount, currency: due.currency },
          after: {
            status: 'PENDING',
            reportedAmount: input.amount,
            reportedCurrency: input.currency,
            reason: mismatch,
          },
        });
        afterCommit(() =>
          deps.log?.warn?.(
            { duePaymentId: due.id, eventId: due.eventId, providerRef: input.providerRef },
            `due payment confirmation refused for due ${due.id}: ${mismatch}`,
          ),
        );
        return 'CHARGE_MISMATCH';
      }
      const paid: DuePaymentRow | null = await transition(change, dueMachine, {
        id: due.id,
        to: 'SUCCEEDED',
        set: { paidAt: now },
        audit: {
          action: 'DUE_PAYMENT_SUCCEEDED',
          organizationId: due.organizationId,
          after: { amount: due.amount, currency: due.currency },
        },
      });
      if (!paid) return 'ALREADY_SETTLED';
      await lockOrganizationFunds(tx, paid.organizationId, paid.currency);
      await postDuePaid(tx, paid, now);
      afterCommit(() => deps.listeners.duePaid(paid));
      return 'DUE_PAID';
    },
    { who: { system: 'payments', requestId: `due:${input.providerRef}` } },
  );
}
