import { formatAmount, REFUND_MESSAGES, type RefundSource } from '@marquee/contract';
import type { Change } from '../../../db/unit-of-work.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { releasePromoUse } from '../../promo-codes/index.js';
import type { EngineDeps } from '../deps.js';
import { checkAllFound, type RefundAsk, splitRefund, uniqueTicketIds } from '../refund-split.js';
import { lockOrganizationFunds, organizerHeld } from '../repo/funds.js';
import {
  addBookingEvent,
  answerRequestTickets,
  bookingForRefund,
  insertRefund,
  raiseBookingRefunded,
  raiseTicketRefunded,
  refundByKey,
  ticketsOfBooking,
} from '../repo/refunds.js';
import { syncRequestStatus } from '../repo/request-status.js';
import type { RefundRow } from '../repo/rows.js';
import { releaseRefundedSeats } from '../repo/seats.js';
import { finishRefund } from './finish-refund.js';
import { processedAudit, recordProcessedRefund } from './record-processed-refund.js';

/** One refund asked of the engine (docs/refunds.md). */
export interface RefundOrder extends RefundAsk {
  source: RefundSource;
  requestId?: string | null;
  /** Scoped by the caller (`org:<user>:<key>`, `request:<id>:<key>`, `job:<event>:<booking>`). */
  idempotencyKey: string;
  initiatedBy?: string | null;
  /**
   * What the caller records with the refund, in the reservation's own transaction (the buyer's email
   * about it): it exists exactly when the refund does. Runs once, with the new row (PENDING, or
   * PROCESSED when nothing goes to the provider); not on a retry that finds the refund made.
   */
  inReservation?: (change: Change, refund: RefundRow) => Promise<void>;
}

export type QuoteOrder = RefundAsk;

/** The organizer owes `due` (minor units) before this refund can go ahead. */
export class DueRequired extends AppError {
  constructor(
    readonly due: number,
    readonly currency: string,
  ) {
    super(409, REFUND_MESSAGES.dueRequired(formatAmount(due, currency)));
  }
}

/**
 * The one place money goes back to buyers (docs/refunds.md, "The engine"):
 *
 * 1. reserve — one transaction: the booking row locked, then the organization's funds; the split
 *    computed from the locked rows; the refund row inserted under its unique idempotency key; the
 *    booking's and tickets' refunded amounts raised by guarded UPDATEs (CHECKs keep them ≤ paid); the
 *    tickets REFUNDED and their seats released. Status PENDING.
 * 2. the provider is called outside any transaction, with the refund's id as its idempotency key;
 * 3. record — the refund's transition PENDING → PROCESSED and the ledger's reversal, in one transaction.
 *
 * A crash or provider failure between 2 and 3 leaves PENDING: `finishRefund` (a retry,
 * `resumePendingRefunds`, the provider's callback) completes it with the same provider key, so money
 * moves once.
 */
export async function refundOrder(deps: EngineDeps, order: RefundOrder): Promise<RefundRow> {
  const row = await reserveRefund(deps, order);
  return row.status === 'PENDING' ? finishRefund(deps, row.id) : row;
}

function sameBooking(row: RefundRow, order: RefundOrder): RefundRow {
  if (row.bookingId !== order.bookingId) {
    throw conflict(
      'This idempotency key was already used for another refund. Use a new key for a new refund.',
    );
  }
  return row;
}

async function reserveRefund(deps: EngineDeps, order: RefundOrder): Promise<RefundRow> {
  const known = await refundByKey(deps.db, order.idempotencyKey);
  if (known) return sameBooking(known, order);
  return deps.unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const found = await bookingForRefund(tx, order.bookingId, true);
    if (!found) throw notFound('The order');
    const { booking, defaultFeeRefund } = found;
    await lockOrganizationFunds(tx, booking.organizationId, booking.currency);
    // A twin call with the same key may have committed while this one waited for the lock.
    const twin = await refundByKey(tx, order.idempotencyKey);
    if (twin) return sameBooking(twin, order);
    const ids = uniqueTicketIds(order.ticketIds);
    const rows = await ticketsOfBooking(tx, order.bookingId, ids, true);
    checkAllFound(rows, ids);
    const held = await organizerHeld(tx, booking.organizationId, booking.currency);
    const refundServiceFee = order.refundServiceFee ?? defaultFeeRefund;
    const { quote: q, shares, wasValid } = splitRefund(booking, rows, order, refundServiceFee, held);
    if (q.due > 0) throw new DueRequired(q.due, booking.currency);

    const row = await insertRefund(
      tx,
      {
        idempotencyKey: order.idempotencyKey,
        bookingId: booking.id,
        eventId: booking.eventId,
        organizationId: booking.organizationId,
        requestId: order.requestId ?? null,
        source: order.source,
        status: q.amount === 0 ? 'PROCESSED' : 'PENDING',
        currency: booking.currency,
        amount: q.amount,
        feePart: q.feePart,
        organizerPart: q.organizerPart,
        refundServiceFee,
        reason: order.reason ?? null,
        initiatedBy: order.initiatedBy ?? null,
        createdAt: now,
        updatedAt: now,
        processedAt: q.amount === 0 ? now : null,
      },
      shares,
    );
    if (!(await raiseBookingRefunded(tx, booking.id, q, now))) throw conflict(REFUND_MESSAGES.nothingLeft);
    for (const share of shares) await raiseTicketRefunded(tx, share, now);
    await releaseRefundedSeats(tx, booking, wasValid);
    // A fully refunded order gives its promo code's use back (docs/promo-codes.md).
    await releasePromoUse(tx, booking.id, true);
    change.afterCommit(() =>
      deps.listeners.ticketsRefunded({
        eventId: booking.eventId,
        tickets: rows.map((t) => ({ id: t.id, occurrenceId: t.occurrenceId })),
      }),
    );
    // A buyer's open request for these tickets is answered by this refund, whoever started it (the
    // approval of that request, an organizer's own refund, the event's cancellation).
    const answered = await answerRequestTickets(
      tx,
      shares.map((s) => s.ticketId),
      row.id,
    );
    for (const requestId of answered) await syncRequestStatus(change, requestId);
    await addBookingEvent(tx, {
      bookingId: booking.id,
      kind: 'REFUND_STARTED',
      detail: `Refund of ${formatAmount(q.amount, booking.currency)} for ${shares.length} ticket${shares.length === 1 ? '' : 's'} started.`,
      at: now,
    });
    await audit({
      action: 'REFUND_STARTED',
      entityType: 'REFUND',
      entityId: row.id,
      organizationId: booking.organizationId,
      after: {
        bookingId: booking.id,
        source: order.source,
        amount: q.amount,
        feePart: q.feePart,
        organizerPart: q.organizerPart,
        tickets: shares.map((s) => s.ticketId),
      },
    });
    // Nothing to send to a provider (free tickets, or a zero partial): done in this transaction. Born
    // PROCESSED, so no transition: its entry says what one would have.
    if (row.status === 'PROCESSED') {
      const entry = processedAudit(row);
      await audit({
        ...entry,
        entityType: 'REFUND',
        entityId: row.id,
        before: { status: 'PENDING' },
        after: { status: 'PROCESSED', ...entry.after },
      });
      await recordProcessedRefund(change, deps.listeners, row);
    }
    await order.inReservation?.(change, row);
    return row;
  });
}
