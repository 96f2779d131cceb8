import { formatAmount } from '@marquee/contract';
import type { Change } from '../../../db/unit-of-work.js';
import { refundEmails } from '../emails/request-emails.js';
import type { RefundListeners } from '../refund-listeners.js';
import { addBookingEvent, postRefund, processRequestTickets } from '../repo/refunds.js';
import { syncRequestStatus } from '../repo/request-status.js';
import type { RefundRow } from '../repo/rows.js';

/**
 * What follows a refund that just became PROCESSED, in the same unit of work: the ledger's reversal,
 * the buyer's request tickets, the order's timeline, the buyer's email, and the listeners after the commit. The audit
 * entry is the transition's (or the reservation's, for a refund processed at once).
 */
export async function recordProcessedRefund(change: Change, listeners: RefundListeners, row: RefundRow) {
  const { tx, now } = change;
  if (row.amount > 0) await postRefund(tx, row, now);
  for (const requestId of await processRequestTickets(tx, row.id)) await syncRequestStatus(change, requestId);
  await addBookingEvent(tx, {
    bookingId: row.bookingId,
    kind: 'REFUNDED',
    detail: `Refunded ${formatAmount(row.amount, row.currency)}${row.feePart ? ` (service fee ${formatAmount(row.feePart, row.currency)})` : ''}.`,
    at: now,
  });
  // The buyer's email, except a cancelled event's (its job writes one email per booking).
  if (row.source !== 'EVENT_CANCELLED') await refundEmails.processed(change, row);
  change.afterCommit(() => listeners.processed(row));
}

/** The audit entry of a refund becoming PROCESSED (the transition's `audit`). */
export const processedAudit = (row: Pick<RefundRow, 'organizationId' | 'amount' | 'providerRef'>) => ({
  action: 'REFUND_PROCESSED',
  organizationId: row.organizationId,
  after: { amount: row.amount, providerRef: row.providerRef },
});
