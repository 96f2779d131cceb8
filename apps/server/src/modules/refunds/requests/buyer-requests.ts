import {
  type BuyerRefundOptions,
  REFUND_MESSAGES,
  type RefundRequestView,
  type RequestRefundBody,
} from '@marquee/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  type BookingRow,
  bookings,
  reasons,
  refundRequests,
  refundRequestTickets,
} from '../../../db/schema/index.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { hashAccessToken } from '../../booking/index.js';
import type { RefundEngine } from '../refund-engine.js';
import { policyOfBooking } from '../refund-policy.js';
import type { RequestDecisions } from './request-decisions.js';
import type { RequestEmails } from './request-emails.js';
import { loadRequestView, requestViewsOfBooking } from './request-view.js';

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
 * The buyer's side of refunds (docs/refunds.md): what the policy allows now and
 * asking for a refund. The booking's token is the buyer's only credential (as on the ticket page): a
 * wrong token is the same 404 as a booking that does not exist.
 */
export function createBuyerRequests(deps: {
  db: Db;
  clock: Clock;
  engine: () => RefundEngine;
  decisions: RequestDecisions;
  emails: RequestEmails;
  log?: { error(obj: object, msg: string): void };
}) {
  const { db, clock, engine, decisions, emails } = deps;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });

  async function byToken(bookingId: string, token: string): Promise<BookingRow> {
    const hash = hashAccessToken(token);
    const [row] = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          or(eq(bookings.accessTokenHash, hash), eq(bookings.checkoutTokenHash, hash)),
        ),
      );
    if (!row) throw notFound('The booking');
    return row;
  }

  const policyOf = (booking: BookingRow) => policyOfBooking(db, booking.id, clock.now());

  const activeReasons = () =>
    db
      .select()
      .from(reasons)
      .where(and(eq(reasons.kind, 'REFUND_REQUEST'), eq(reasons.status, 'ACTIVE')))
      .orderBy(asc(reasons.order), asc(reasons.text), asc(reasons.id));

  return {
    async options(bookingId: string, token: string): Promise<BuyerRefundOptions> {
      const booking = await byToken(bookingId, token);
      const { organization, policy } = await policyOf(booking);
      const paid = booking.status === 'CONFIRMED';
      const [tickets, reasonRows, requests, refunds] = await Promise.all([
        paid ? engine().refundableTickets(booking.id, organization.refundServiceFee) : Promise.resolve([]),
        activeReasons(),
        requestViewsOfBooking(db, booking.id),
        engine().refundsOf(booking.id),
      ]);
      return {
        // Only a paid booking can be refunded, whatever the window says.
        policy: paid ? policy : { ...policy, open: false, closedReason: REFUND_MESSAGES.notPaid },
        currency: booking.currency,
        tickets,
        reasons: reasonRows.map((r) => ({ _id: r.id, kind: r.kind, text: r.text, order: r.order })),
        requests,
        refunds,
      };
    },

    /**
     * Records the request with each ticket's refundable amount now; when the organization approves
     * automatically it is approved and refunded at once, unless the organizer owes money first (then
     * it waits for them like a manual one).
     */
    async request(body: Body, requestId: string): Promise<{ view: RefundRequestView; message: string }> {
      const booking = await byToken(body.bookingId, body.token);
      if (booking.status !== 'CONFIRMED') throw conflict(REFUND_MESSAGES.notPaid);
      const { organization, policy } = await policyOf(booking);
      if (!policy.open) throw conflict(policy.closedReason ?? REFUND_MESSAGES.policyClosed);
      const [reason] = await db
        .select()
        .from(reasons)
        .where(
          and(
            eq(reasons.id, body.reasonId),
            eq(reasons.kind, 'REFUND_REQUEST'),
            eq(reasons.status, 'ACTIVE'),
          ),
        );
      if (!reason) {
        throw badRequest(BUYER_REQUEST_MESSAGES.reason, [
          { field: 'reasonId', message: BUYER_REQUEST_MESSAGES.reason },
        ]);
      }
      const chosenIds = [...new Set(body.ticketIds)];
      const refundable = new Map(
        (await engine().refundableTickets(booking.id, organization.refundServiceFee)).map((t) => [t._id, t]),
      );
      const chosen = chosenIds.map((id) => refundable.get(id));
      if (chosen.some((t) => !t)) {
        throw badRequest(REFUND_MESSAGES.ticketsNotInOrder, [
          { field: 'ticketIds', message: REFUND_MESSAGES.ticketsNotInOrder },
        ]);
      }
      const tickets = chosen.filter((t) => t !== undefined);
      if (tickets.some((t) => t.requestId)) throw conflict(REFUND_MESSAGES.alreadyRequested);
      if (tickets.some((t) => !t.selectable || t.refundable <= 0))
        throw conflict(REFUND_MESSAGES.nothingLeft);

      const automatic = organization.refundApproval === 'AUTOMATIC';
      const amount = tickets.reduce((sum, t) => sum + t.refundable, 0);
      let created: string;
      try {
        created = await unitOfWork(
          async ({ tx, now, audit, afterCommit }) => {
            const [row] = await tx
              .insert(refundRequests)
              .values({
                bookingId: booking.id,
                eventId: booking.eventId,
                organizationId: booking.organizationId,
                reasonId: reason.id,
                reasonText: reason.text,
                note: body.note?.trim() || null,
                requestedBy: booking.buyerUserId,
                createdAt: now,
                updatedAt: now,
              })
              .returning();
            if (!row) throw new Error('refund request not inserted');
            // The partial unique index keeps a ticket in one waiting request, whatever races.
            await tx
              .insert(refundRequestTickets)
              .values(tickets.map((t) => ({ requestId: row.id, ticketId: t._id, amount: t.refundable })));
            await audit({
              action: 'REFUND_REQUESTED',
              entityType: 'REFUND_REQUEST',
              entityId: row.id,
              organizationId: booking.organizationId,
              after: { bookingId: booking.id, ticketIds: chosenIds, amount, reason: reason.text },
            });
            afterCommit(() => emails.received(booking.id, body.token, amount, automatic));
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
          await decisions.approve(created, 'ALL_WAITING', {
            key: 'auto',
            initiatedBy: null,
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
    },
  };
}

export type BuyerRequests = ReturnType<typeof createBuyerRequests>;
