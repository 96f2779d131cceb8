import type { RefundRequestView } from '@marquee/contract';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { EngineDeps, RefundsDeps } from '../deps.js';
import { loadRequestView } from '../queries/request-views.js';
import { syncRequestStatus } from '../repo/request-status.js';
import { activeReason, recordDecision } from '../repo/requests.js';
import { type Decider, decideTickets, lockWaiting, type Selection } from './approve-refund-request.js';

export const DECISION_MESSAGES = {
  declineReason: 'Choose an active reason for declining',
};

/** Declines tickets of a request with an active REFUND_DECLINE reason; the buyer is emailed. */
export async function declineRefundRequest(
  deps: Pick<RefundsDeps, keyof EngineDeps | 'emails'>,
  requestId: string,
  selection: Selection,
  input: { reasonId: string; note?: string; decider: Decider },
): Promise<RefundRequestView> {
  const { db } = deps;
  const reason = await activeReason(db, input.reasonId, 'REFUND_DECLINE');
  if (!reason) {
    throw badRequest(DECISION_MESSAGES.declineReason, [
      { field: 'reasonId', message: DECISION_MESSAGES.declineReason },
    ]);
  }
  await deps.unitOfWork(async (change) => {
    const request = await lockWaiting(change, requestId, input.decider);
    const tickets = await decideTickets(change, requestId, selection, 'DECLINED');
    const note = input.note?.trim() || null;
    await recordDecision(change.tx, requestId, {
      declineReasonId: reason.id,
      declineReasonText: reason.text,
      declineNote: note,
      decidedBy: input.decider.actor.user.id,
      decidedAt: change.now,
    });
    await syncRequestStatus(change, requestId);
    await change.audit({
      action: 'REFUND_REQUEST_DECLINED',
      entityType: 'REFUND_REQUEST',
      entityId: requestId,
      organizationId: request.organizationId,
      before: { status: 'REQUESTED' },
      after: { ticketIds: tickets.map((t) => t.ticketId), reason: reason.text, note },
    });
    await deps.emails.declined(change, requestId, request.bookingId, reason.text, note);
  });
  const view = await loadRequestView(db, requestId);
  if (!view) throw notFound('The refund request');
  return view;
}
