import { REFUND_MESSAGES, type RefundOutcome } from '@marquee/contract';
import type { Anonymous, System, Who } from '../../../db/audit.js';
import type { Change } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import type { EngineDeps, RefundsDeps } from '../deps.js';
import { approvalOutcome } from '../queries/refund-outcome.js';
import { refundByKey } from '../repo/refunds.js';
import { syncRequestStatus } from '../repo/request-status.js';
import {
  decideRequestTickets,
  lockRequest,
  recordDecision,
  reopenApprovedTickets,
} from '../repo/requests.js';
import type { RefundRequestRow, RefundRow } from '../repo/rows.js';
import { finishRefund } from './finish-refund.js';
import { refundOrder } from './refund-order.js';

/** Which tickets of a request a decision is about: the chosen ones, or every one still waiting. */
export type Selection = { ticketIds: string[] } | 'ALL_WAITING';

/** The organizer deciding, with the request's event as the route's declaration resolved it (manage). */
export interface Decider {
  actor: Actor;
  event: EventGrant;
}

export interface Approval {
  amount?: number;
  refundServiceFee?: boolean;
  note?: string;
  /** The caller's idempotency key (the header), or `auto` for an automatic approval. */
  key: string;
  /** The organizer approving; none for an automatic approval. */
  decider: Decider | null;
  /** Default: the signed-in actor of the request. */
  who?: Who | Anonymous | System;
}

/** The request, locked, still waiting for a decision; the decider's right re-read first (locked). */
export async function lockWaiting(change: Change, requestId: string, decider: Decider | null) {
  if (decider) {
    await confirmEventGrant(change.tx, decider.actor, decider.event, 'manage', {
      what: 'The refund request',
    });
  }
  const request = await lockRequest(change, requestId);
  if (!request) throw notFound('The refund request');
  if (request.status !== 'REQUESTED') throw conflict(REFUND_MESSAGES.requestDecided);
  return request;
}

/** Moves the selected waiting tickets to `status`; every chosen ticket must be waiting. */
export async function decideTickets(
  change: Change,
  requestId: string,
  selection: Selection,
  status: 'APPROVED' | 'DECLINED',
) {
  const chosen = selection === 'ALL_WAITING' ? null : [...new Set(selection.ticketIds)];
  const decided = await decideRequestTickets(change.tx, requestId, chosen, status);
  if (chosen ? decided.length !== chosen.length : decided.length === 0) {
    throw conflict(chosen ? REFUND_MESSAGES.ticketsNotRequested : REFUND_MESSAGES.requestDecided);
  }
  return decided;
}

/** Puts approved tickets whose money never moved back to waiting (the engine refused). */
async function undoApproval(
  deps: EngineDeps,
  before: RefundRequestRow,
  ticketIds: string[],
  why: string,
  who?: Approval['who'],
) {
  const requestId = before.id;
  await deps.unitOfWork(
    async (change) => {
      const undone = await reopenApprovedTickets(change.tx, requestId, ticketIds);
      // The last decision is again the one before this approval (a decline of other tickets, or none).
      await recordDecision(change.tx, requestId, {
        decidedBy: before.decidedBy,
        decidedAt: before.decidedAt,
      });
      await syncRequestStatus(change, requestId);
      await change.audit({
        action: 'REFUND_REQUEST_APPROVAL_UNDONE',
        entityType: 'REFUND_REQUEST',
        entityId: requestId,
        organizationId: before.organizationId,
        after: { ticketIds: undone.map((t) => t.ticketId), why },
      });
    },
    who ? { who } : {},
  );
}

/**
 * Approves tickets of a request and refunds them (docs/refunds.md). Approving commits the approval
 * first, then asks the engine for the refund (which calls the provider outside any transaction); when
 * the engine refuses (the organizer owes money first, nothing left) the approval is undone so the
 * request waits again. A retry with the same key finds the refund the first call started and
 * finishes it, moving no more money.
 */
export async function approveRefundRequest(
  deps: Pick<RefundsDeps, keyof EngineDeps | 'emails'>,
  requestId: string,
  selection: Selection,
  approval: Approval,
): Promise<RefundOutcome> {
  const { db } = deps;
  const initiatedBy = approval.decider?.actor.user.id ?? null;
  const idempotencyKey = `request:${requestId}:${approval.key}`;
  const earlier = await refundByKey(db, idempotencyKey);
  if (earlier) {
    return approvalOutcome(db, earlier.status === 'PENDING' ? await finishRefund(deps, earlier.id) : earlier);
  }
  const approved = await deps.unitOfWork(
    async (change) => {
      const request = await lockWaiting(change, requestId, approval.decider);
      const tickets = await decideTickets(change, requestId, selection, 'APPROVED');
      await recordDecision(change.tx, requestId, { decidedBy: initiatedBy, decidedAt: change.now });
      await syncRequestStatus(change, requestId);
      await change.audit({
        action: 'REFUND_REQUEST_APPROVED',
        entityType: 'REFUND_REQUEST',
        entityId: requestId,
        organizationId: request.organizationId,
        before: { status: 'REQUESTED' },
        after: { ticketIds: tickets.map((t) => t.ticketId), amount: approval.amount ?? null },
      });
      return { request, ticketIds: tickets.map((t) => t.ticketId) };
    },
    approval.who ? { who: approval.who } : {},
  );
  let refund: RefundRow;
  try {
    refund = await refundOrder(deps, {
      bookingId: approved.request.bookingId,
      ticketIds: approved.ticketIds,
      amount: approval.amount,
      refundServiceFee: approval.refundServiceFee,
      source: 'BUYER_REQUEST',
      requestId,
      reason: approval.note ?? approved.request.reasonText,
      idempotencyKey,
      initiatedBy,
      // The buyer hears of the approval in the transaction that reserves its refund: never for an
      // approval the engine refused. A refund processed at once has its own email instead, and one
      // processed before this email's delay withdraws it (emails/request-emails.ts).
      inReservation: async (change, row) => {
        if (row.status === 'PENDING') await deps.emails.approved(change, row);
      },
    });
  } catch (error) {
    // Nothing moved unless the engine recorded the refund: then the approval stands.
    if (!(await refundByKey(db, idempotencyKey))) {
      const why = error instanceof AppError ? error.message : 'the refund could not be started';
      await undoApproval(deps, approved.request, approved.ticketIds, why, approval.who);
    }
    throw error;
  }
  return approvalOutcome(db, refund);
}
