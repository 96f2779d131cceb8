import { REFUND_MESSAGES, type RefundRequestView, type RequestRefundBody } from '@marquee/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, badRequest, conflict } from '../../../lib/errors.js';
import type { EngineDeps, RefundsDeps } from '../deps.js';
import { buyerBooking } from '../queries/buyer-refund-options.js';
import { policyOfBooking } from '../queries/policy-of-booking.js';
import { refundableTickets } from '../queries/refundable-tickets.js';
import { loadRequestView } from '../queries/request-views.js';
import { activeReason, insertRequest } from '../repo/requests.js';
import { approveRefundRequest } from './approve-refund-request.js';

type Body = z.output<typeof RequestRefundBody>;

export const BUYER_REQUEST_MESSAGES = {
  reason: 'Choose one of the reasons offered',
  received: 'Your refund request was sent to the organizer.',
  approved: 'Your refund was approved.',
  waitsForDue:
    'Your refund request was received. The organizer must settle a balance before it can be paid, so they will review it.',
  waitsForOrganizer: 'Your refund request was received; the organizer will review it.',
};

/**
 * request-refund (docs/refunds.md): records the request with each ticket's refundable amount now; when
 * the organization approves automatically it is approved and refunded at once, unless the organizer
 * owes money first (then it waits for them like a manual one). The booking's token is the buyer's
 * only credential.
 */
export async function createRefundRequest(
  deps: Pick<RefundsDeps, keyof EngineDeps | 'emails'>,
  body: Body,
  requestId: string,
): Promise<{ view: RefundRequestView; message: string }> {
  const { db } = deps;
  const booking = await buyerBooking(db, body.bookingId, body.token);
  if (booking.status !== 'CONFIRMED') throw conflict(REFUND_MESSAGES.notPaid);
  const { organization, policy } = await policyOfBooking(db, booking.id, deps.clock.now());
  if (!policy.open) throw conflict(policy.closedReason ?? REFUND_MESSAGES.policyClosed);
  const reason = await activeReason(db, body.reasonId, 'REFUND_REQUEST');
  if (!reason) {
    throw badRequest(BUYER_REQUEST_MESSAGES.reason, [
      { field: 'reasonId', message: BUYER_REQUEST_MESSAGES.reason },
    ]);
  }
  const chosenIds = [...new Set(body.ticketIds)];
  const refundable = new Map(
    (await refundableTickets(db, booking.id, organization.refundServiceFee)).map((t) => [t._id, t]),
  );
  const chosen = chosenIds.map((id) => refundable.get(id));
  if (chosen.some((t) => !t)) {
    throw badRequest(REFUND_MESSAGES.ticketsNotInOrder, [
      { field: 'ticketIds', message: REFUND_MESSAGES.ticketsNotInOrder },
    ]);
  }
  const tickets = chosen.filter((t) => t !== undefined);
  if (tickets.some((t) => t.requestId)) throw conflict(REFUND_MESSAGES.alreadyRequested);
  if (tickets.some((t) => !t.selectable || t.refundable <= 0)) throw conflict(REFUND_MESSAGES.nothingLeft);

  const automatic = organization.refundApproval === 'AUTOMATIC';
  const amount = tickets.reduce((sum, t) => sum + t.refundable, 0);
  let created: string;
  try {
    created = await deps.unitOfWork(
      async (change) => {
        const { tx, now, audit } = change;
        const row = await insertRequest(
          tx,
          {
            bookingId: booking.id,
            eventId: booking.eventId,
            organizationId: booking.organizationId,
            reasonId: reason.id,
            reasonText: reason.text,
            note: body.note?.trim() || null,
            requestedBy: booking.buyerUserId,
            createdAt: now,
            updatedAt: now,
          },
          tickets.map((t) => ({ ticketId: t._id, amount: t.refundable })),
        );
        await audit({
          action: 'REFUND_REQUESTED',
          entityType: 'REFUND_REQUEST',
          entityId: row.id,
          organizationId: booking.organizationId,
          after: { bookingId: booking.id, ticketIds: chosenIds, amount, reason: reason.text },
        });
        await deps.emails.received(change, row.id, booking.id, body.token, amount, automatic);
        return row.id;
      },
      { who: { system: 'buyer', requestId } },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'refund_request_tickets_open_idx')) {
      throw conflict(REFUND_MESSAGES.alreadyRequested);
    }
    throw error;
  }

  let message = BUYER_REQUEST_MESSAGES.received;
  if (automatic) {
    try {
      await approveRefundRequest(deps, created, 'ALL_WAITING', {
        key: 'auto',
        decider: null,
        who: { system: 'automatic-refund-approval', requestId },
      });
      message = BUYER_REQUEST_MESSAGES.approved;
    } catch (error) {
      // The request stands and waits for the organizer (a due to pay first, or the provider failing).
      deps.log?.error({ err: error, requestId: created }, 'automatic refund approval did not go through');
      message =
        error instanceof AppError && 'due' in error
          ? BUYER_REQUEST_MESSAGES.waitsForDue
          : BUYER_REQUEST_MESSAGES.waitsForOrganizer;
    }
  }
  const view = await loadRequestView(db, created);
  if (!view) throw new Error('refund request vanished');
  return { view, message };
}
