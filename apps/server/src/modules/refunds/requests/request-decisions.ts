import { formatAmount, REFUND_MESSAGES, type RefundOutcome, type RefundRequestView } from '@marquee/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Anonymous, System, Who } from '../../../db/audit.js';
import type { Db } from '../../../db/client.js';
import {
  type RefundRequestRow,
  type RefundRow,
  reasons,
  refundRequests,
  refundRequestTickets,
  refunds,
} from '../../../db/schema/index.js';
import { type Change, createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { RefundEngine } from '../refund-engine.js';
import { syncRequestStatus } from '../request-status.js';
import type { RequestEmails } from './request-emails.js';
import { loadRequestView } from './request-view.js';

export interface DecisionDeps {
  db: Db;
  clock: Clock;
  engine: () => RefundEngine;
  emails: RequestEmails;
  log?: { error(obj: object, msg: string): void };
}

/** Which tickets of a request a decision is about: the chosen ones, or every one still waiting. */
export type Selection = { ticketIds: string[] } | 'ALL_WAITING';

export interface Approval {
  amount?: number;
  refundServiceFee?: boolean;
  note?: string;
  /** The caller's idempotency key (the header), or `auto` for an automatic approval. */
  key: string;
  initiatedBy: string | null;
  /** Default: the signed-in actor of the request. */
  who?: Who | Anonymous | System;
}

export const DECISION_MESSAGES = {
  declineReason: 'Choose an active reason for declining',
};

/** The money already moving for an approval with this key (a retry after a crash), if any. */
async function refundWithKey(db: Db, idempotencyKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/**
 * The organizer's decisions on buyers' requests (docs/refunds.md). Each ticket of
 * a request is decided once: a guarded UPDATE … WHERE status = 'REQUESTED' decides, so two decisions
 * racing on the same tickets cannot both win. Approving commits the approval first, then asks the
 * engine for the refund (which calls the provider outside any transaction); when the engine refuses
 * (the organizer owes money first, nothing left) the approval is undone so the request waits again.
 */
export function createRequestDecisions(deps: DecisionDeps) {
  const { db, clock, engine, emails } = deps;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });

  /** The request, locked, still waiting for a decision. */
  async function lockWaiting(change: Change, requestId: string): Promise<RefundRequestRow> {
    const [request] = await change.lock(refundRequests, eq(refundRequests.id, requestId));
    if (!request) throw notFound('The refund request');
    if (request.status !== 'REQUESTED') throw conflict(REFUND_MESSAGES.requestDecided);
    return request;
  }

  /** Moves the selected waiting tickets to `status`; every chosen ticket must be waiting. */
  async function decideTickets(
    change: Change,
    requestId: string,
    selection: Selection,
    status: 'APPROVED' | 'DECLINED',
  ): Promise<{ ticketId: string; amount: number }[]> {
    const chosen = selection === 'ALL_WAITING' ? null : [...new Set(selection.ticketIds)];
    const decided = await change.tx
      .update(refundRequestTickets)
      .set({ status })
      .where(
        and(
          eq(refundRequestTickets.requestId, requestId),
          eq(refundRequestTickets.status, 'REQUESTED'),
          chosen ? inArray(refundRequestTickets.ticketId, chosen) : undefined,
        ),
      )
      .returning({ ticketId: refundRequestTickets.ticketId, amount: refundRequestTickets.amount });
    if (chosen ? decided.length !== chosen.length : decided.length === 0) {
      throw conflict(chosen ? REFUND_MESSAGES.ticketsNotRequested : REFUND_MESSAGES.requestDecided);
    }
    return decided;
  }

  async function activeDeclineReason(reasonId: string) {
    const [reason] = await db
      .select()
      .from(reasons)
      .where(and(eq(reasons.id, reasonId), eq(reasons.kind, 'REFUND_DECLINE'), eq(reasons.status, 'ACTIVE')));
    if (!reason) {
      throw badRequest(DECISION_MESSAGES.declineReason, [
        { field: 'reasonId', message: DECISION_MESSAGES.declineReason },
      ]);
    }
    return reason;
  }

  /** Puts approved tickets whose money never moved back to waiting (the engine refused). */
  async function undoApproval(
    before: RefundRequestRow,
    ticketIds: string[],
    why: string,
    who?: Approval['who'],
  ) {
    const requestId = before.id;
    await unitOfWork(
      async ({ tx, now, audit }) => {
        const undone = await tx
          .update(refundRequestTickets)
          .set({ status: 'REQUESTED' })
          .where(
            and(
              eq(refundRequestTickets.requestId, requestId),
              inArray(refundRequestTickets.ticketId, ticketIds),
              eq(refundRequestTickets.status, 'APPROVED'),
              isNull(refundRequestTickets.refundId),
            ),
          )
          .returning({ ticketId: refundRequestTickets.ticketId });
        // The last decision is again the one before this approval (a decline of other tickets, or none).
        await tx
          .update(refundRequests)
          .set({ decidedBy: before.decidedBy, decidedAt: before.decidedAt })
          .where(eq(refundRequests.id, requestId));
        await syncRequestStatus(tx, requestId, now);
        await audit({
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

  /** The outcome the organizer reads: the refund and what happened to the money. */
  async function outcome(refund: RefundRow): Promise<RefundOutcome> {
    const view = (await engine().refundsOf(refund.bookingId)).find((r) => r._id === refund.id);
    if (!view) throw new Error(`refund ${refund.id} not in its booking's refunds`);
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

  return {
    /**
     * Approves tickets of a request and refunds them. A retry with the same key finds the refund the
     * first call started and finishes it, moving no more money.
     */
    async approve(requestId: string, selection: Selection, approval: Approval): Promise<RefundOutcome> {
      const idempotencyKey = `request:${requestId}:${approval.key}`;
      const earlier = await refundWithKey(db, idempotencyKey);
      if (earlier) {
        return outcome(earlier.status === 'PENDING' ? await engine().finish(earlier.id) : earlier);
      }
      const approved = await unitOfWork(
        async (change) => {
          const request = await lockWaiting(change, requestId);
          const tickets = await decideTickets(change, requestId, selection, 'APPROVED');
          await change.tx
            .update(refundRequests)
            .set({ decidedBy: approval.initiatedBy, decidedAt: change.now })
            .where(eq(refundRequests.id, requestId));
          await syncRequestStatus(change.tx, requestId, change.now);
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
        refund = await engine().refund({
          bookingId: approved.request.bookingId,
          ticketIds: approved.ticketIds,
          amount: approval.amount,
          refundServiceFee: approval.refundServiceFee,
          source: 'BUYER_REQUEST',
          requestId,
          reason: approval.note ?? approved.request.reasonText,
          idempotencyKey,
          initiatedBy: approval.initiatedBy,
        });
      } catch (error) {
        // Nothing moved unless the engine recorded the refund: then the approval stands.
        if (!(await refundWithKey(db, idempotencyKey))) {
          const why = error instanceof AppError ? error.message : 'the refund could not be started';
          await undoApproval(approved.request, approved.ticketIds, why, approval.who);
        }
        throw error;
      }
      // The engine pointed the request's tickets at the refund (APPROVED) and marks them PROCESSED with
      // it; the buyer hears of a refund still with the provider now, of a processed one from onProcessed.
      if (refund.status === 'PENDING') {
        await emails
          .approved(refund.bookingId, refund.amount)
          .catch((err) => deps.log?.error({ err }, 'the refund-approved email failed'));
      }
      return outcome(refund);
    },

    /** Declines tickets of a request with an active REFUND_DECLINE reason; the buyer is emailed. */
    async decline(
      requestId: string,
      selection: Selection,
      input: { reasonId: string; note?: string; decidedBy: string | null },
    ): Promise<RefundRequestView> {
      const reason = await activeDeclineReason(input.reasonId);
      await unitOfWork(async (change) => {
        const request = await lockWaiting(change, requestId);
        const tickets = await decideTickets(change, requestId, selection, 'DECLINED');
        const note = input.note?.trim() || null;
        await change.tx
          .update(refundRequests)
          .set({
            declineReasonId: reason.id,
            declineReasonText: reason.text,
            declineNote: note,
            decidedBy: input.decidedBy,
            decidedAt: change.now,
          })
          .where(eq(refundRequests.id, requestId));
        await syncRequestStatus(change.tx, requestId, change.now);
        await change.audit({
          action: 'REFUND_REQUEST_DECLINED',
          entityType: 'REFUND_REQUEST',
          entityId: requestId,
          organizationId: request.organizationId,
          before: { status: 'REQUESTED' },
          after: { ticketIds: tickets.map((t) => t.ticketId), reason: reason.text, note },
        });
        change.afterCommit(() => emails.declined(request.bookingId, reason.text, note));
      });
      const view = await loadRequestView(db, requestId);
      if (!view) throw notFound('The refund request');
      return view;
    },
  };
}

export type RequestDecisions = ReturnType<typeof createRequestDecisions>;
