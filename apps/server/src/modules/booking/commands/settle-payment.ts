import { paymentByRef } from '../repo/payments.js';
import type { SettleInput, SettleResult, Settling } from '../settling.js';
import { confirmPaidOrder } from './confirm-paid-order.js';
import { failPaidOrder } from './fail-paid-order.js';

/**
 * The one place a provider's verdict on a payment changes a booking (docs/selling.md, "Settlement").
 * Every step is a move of the payment's or the order's state machine (a guarded UPDATE), so a
 * duplicate or late callback finds nothing to change:
 *
 * - SUCCEEDED for another amount or currency than the payment's (whatever the provider's signature):
 *   refused, with an audit entry, a timeline entry and a warning naming the order; the payment stays
 *   PENDING and the booking HELD until its hold ends, so nothing is confirmed and no ticket issued.
 * - SUCCEEDED: payment PENDING → SUCCEEDED; booking HELD → CONFIRMED with tickets, the ledger posting
 *   and a NEW access token (only hashes are stored, so the emailed link carries a fresh one; the token
 *   the buyer's browser got at checkout keeps working too: `checkout_token_hash`). A booking whose hold
 *   ended first (EXPIRED, or FAILED/CANCELLED) takes its seats again if they are still there and is
 *   confirmed; otherwise it is FAILED with a "needs refund" timeline entry (the refunds issue).
 * - FAILED: payment PENDING → FAILED; booking HELD → FAILED and its seats given back.
 */
export async function settlePayment(settling: Settling, input: SettleInput): Promise<SettleResult> {
  const payment = await paymentByRef(settling.db, input.provider, input.providerRef);
  if (!payment) return 'UNKNOWN_PAYMENT';
  return input.outcome === 'SUCCEEDED'
    ? confirmPaidOrder(settling, payment.id, input)
    : failPaidOrder(settling, payment.id, input);
}
