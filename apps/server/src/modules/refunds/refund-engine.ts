import { formatAmount, REFUND_MESSAGES, type RefundQuote, type RefundSource } from '@marquee/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  type BookingRow,
  bookingEvents,
  bookings,
  type DuePaymentRow,
  ledgerEntries,
  organizations,
  payments,
  type RefundRow,
  refundRequestTickets,
  refunds,
  refundTickets,
  type TicketRow,
  tickets,
} from '../../db/schema/index.js';
import { type Change, createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { lockOrganizationFunds, organizerHeld } from './balance.js';
import { allocate, type FeePayer, refundableOf, type TicketShare } from './refund-math.js';
import { releaseRefundedSeats } from './refund-seats.js';
import { createRefundViews } from './refund-views.js';
import { syncRequestStatus } from './request-status.js';

export { lockOrganizationFunds, organizerHeld } from './balance.js';

/** One refund asked of the engine (docs/refunds.md). */
export interface RefundOrder {
  bookingId: string;
  /** At least one, all of this booking: VALID, or REFUNDED with something left. */
  ticketIds: string[];
  /** A partial refund; by default everything refundable on those tickets. */
  amount?: number;
  /** By default the organization's setting. */
  refundServiceFee?: boolean;
  source: RefundSource;
  requestId?: string | null;
  reason?: string | null;
  /** Scoped by the caller (`org:<user>:<key>`, `request:<id>:<key>`, `job:<event>:<booking>`). */
  idempotencyKey: string;
  initiatedBy?: string | null;
}

/** Tickets of one event a refund turned REFUNDED; a course ticket (no date) concerns every date. */
export interface RefundedTickets {
  eventId: string;
  tickets: { id: string; occurrenceId: string | null }[];
}

export type QuoteOrder = Omit<RefundOrder, 'source' | 'idempotencyKey'>;

/** The organizer owes `due` (minor units) before this refund can go ahead. */
export class DueRequired extends AppError {
  constructor(
    readonly due: number,
    readonly currency: string,
  ) {
    super(409, REFUND_MESSAGES.dueRequired(formatAmount(due, currency)));
  }
}

interface Logger {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

interface Computed {
  quote: RefundQuote;
  shares: TicketShare[];
  /** Tickets that were still VALID: their seats go back on sale. */
  wasValid: TicketRow[];
}

/**
 * The one place money goes back to buyers (docs/refunds.md, "The engine"):
 *
 * 1. reserve — one transaction: the booking row locked, then the organization's funds; the split
 *    computed from the locked rows; the refund row inserted under its unique idempotency key; the
 *    booking's and tickets' refunded amounts raised by guarded UPDATEs (CHECKs keep them ≤ paid); the
 *    tickets REFUNDED and their seats released. Status PENDING.
 * 2. the provider is called outside any transaction, with the refund's id as its idempotency key;
 * 3. record — a guarded UPDATE PENDING → PROCESSED and the ledger's reversal, in one transaction.
 *
 * A crash or provider failure between 2 and 3 leaves PENDING: `finish` (a retry, `resumePending`,
 * the provider's callback) completes it with the same provider key, so money moves once.
 */
export function createRefundEngine(deps: { db: Db; clock: Clock; payments: PaymentsProvider; log?: Logger }) {
  const { db, clock } = deps;
  const provider = deps.payments;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });
  const processedListeners: ((refund: RefundRow) => Promise<void> | void)[] = [];
  const dueListeners: ((due: DuePaymentRow) => Promise<void> | void)[] = [];
  const ticketListeners: ((change: RefundedTickets) => void)[] = [];
  const views = createRefundViews(db);
  const who = (key: string) => ({ system: 'refunds', requestId: `refund:${key}` });

  function notify(refund: RefundRow) {
    for (const listener of processedListeners) {
      Promise.resolve()
        .then(() => listener(refund))
        .catch((error) => deps.log?.error({ err: error, refundId: refund.id }, 'a refund listener failed'));
    }
  }

  async function loadBooking(dbx: DbOrTx, bookingId: string, lock: boolean) {
    const query = dbx.select().from(bookings).where(eq(bookings.id, bookingId));
    const [booking] = lock ? await query.for('update') : await query;
    if (!booking) throw notFound('The order');
    const [organization] = await dbx
      .select({ refundServiceFee: organizations.refundServiceFee })
      .from(organizations)
      .where(eq(organizations.id, booking.organizationId));
    return { booking, defaultFeeRefund: organization?.refundServiceFee ?? false };
  }

  async function loadTickets(dbx: DbOrTx, bookingId: string, ticketIds: string[], lock: boolean) {
    const ids = [...new Set(ticketIds)];
    if (ids.length === 0) throw conflict(REFUND_MESSAGES.nothingLeft);
    const query = dbx
      .select()
      .from(tickets)
      .where(and(eq(tickets.bookingId, bookingId), inArray(tickets.id, ids)))
      .orderBy(asc(tickets.id));
    const rows = lock ? await query.for('update') : await query;
    if (rows.length !== ids.length) throw conflict(REFUND_MESSAGES.ticketsNotInOrder);
    return rows;
  }

  function compute(
    booking: BookingRow,
    rows: TicketRow[],
    order: QuoteOrder,
    refundServiceFee: boolean,
    held: number,
  ): Computed {
    if (booking.status !== 'CONFIRMED') throw conflict(REFUND_MESSAGES.notPaid);
    const feePaidBy = booking.feePaidBy as FeePayer;
    const perTicket = rows.map((ticket) => ({
      ticket,
      ...refundableOf(ticket, feePaidBy, refundServiceFee),
    }));
    // A ticket can be chosen while VALID, or once REFUNDED while something of it is left to give back.
    if (
      perTicket.some(
        (m) => m.ticket.status === 'CANCELLED' || (m.ticket.status === 'REFUNDED' && m.refundable === 0),
      )
    ) {
      throw conflict(REFUND_MESSAGES.nothingLeft);
    }
    const most = perTicket.reduce((sum, m) => sum + m.refundable, 0);
    const amount = order.amount ?? most;
    if (amount > most) {
      throw most === 0
        ? conflict(REFUND_MESSAGES.nothingLeft)
        : conflict(REFUND_MESSAGES.tooMuch(formatAmount(most, booking.currency)));
    }
    const shares = allocate(
      amount,
      perTicket.map((m) => ({
        ticketId: m.ticket.id,
        refundable: m.refundable,
        feeRefundable: m.feeRefundable,
      })),
    );
    const feePart = shares.reduce((sum, s) => sum + s.feePart, 0);
    const organizerPart = amount - feePart;
    return {
      shares,
      wasValid: rows.filter((row) => row.status === 'VALID'),
      quote: {
        currency: booking.currency,
        amount,
        feePart,
        organizerPart,
        refundServiceFee,
        tickets: shares,
        organizerHeld: held,
        due: Math.max(0, organizerPart - held),
        organizerBalanceAfter: Math.max(0, held - organizerPart),
      },
    };
  }

  async function quote(order: QuoteOrder): Promise<RefundQuote> {
    const { booking, defaultFeeRefund } = await loadBooking(db, order.bookingId, false);
    const rows = await loadTickets(db, order.bookingId, order.ticketIds, false);
    const held = await organizerHeld(db, booking.organizationId, booking.currency);
    return compute(booking, rows, order, order.refundServiceFee ?? defaultFeeRefund, held).quote;
  }

  async function byKey(dbx: DbOrTx, key: string) {
    const [row] = await dbx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    return row;
  }

  /** Ledger reversal, request tickets, timeline and audit of a refund that just became PROCESSED. */
  async function recordProcessed(change: Change, row: RefundRow) {
    const { tx, now, audit } = change;
    if (row.amount > 0) {
      const entry = (account: 'BUYER_PAYMENTS' | 'PLATFORM_FEES' | 'ORGANIZER_PAYABLE', amount: number) => ({
        groupId: row.id,
        bookingId: row.bookingId,
        organizationId: row.organizationId,
        account,
        amount,
        currency: row.currency,
        kind: 'REFUND',
        createdAt: now,
      });
      // The reverse of the confirmation's posting: the platform pays out, fee and payable are debited.
      await tx
        .insert(ledgerEntries)
        .values([
          entry('BUYER_PAYMENTS', -row.amount),
          entry('PLATFORM_FEES', row.feePart),
          entry('ORGANIZER_PAYABLE', row.organizerPart),
        ]);
    }
    const decided = await tx
      .update(refundRequestTickets)
      .set({ status: 'PROCESSED' })
      .where(eq(refundRequestTickets.refundId, row.id))
      .returning({ requestId: refundRequestTickets.requestId });
    for (const requestId of new Set(decided.map((d) => d.requestId)))
      await syncRequestStatus(tx, requestId, now);
    await tx.insert(bookingEvents).values({
      bookingId: row.bookingId,
      kind: 'REFUNDED',
      detail: `Refunded ${formatAmount(row.amount, row.currency)}${row.feePart ? ` (service fee ${formatAmount(row.feePart, row.currency)})` : ''}.`,
      at: now,
    });
    await audit({
      action: 'REFUND_PROCESSED',
      entityType: 'REFUND',
      entityId: row.id,
      organizationId: row.organizationId,
      before: { status: 'PENDING' },
      after: { status: 'PROCESSED', amount: row.amount, providerRef: row.providerRef },
    });
    change.afterCommit(() => notify(row));
  }

  /** The door's counts change the moment tickets turn REFUNDED (at reservation), not when money moves. */
  function notifyTickets(change: RefundedTickets) {
    for (const listener of ticketListeners) {
      try {
        listener(change);
      } catch (error) {
        deps.log?.error({ err: error, eventId: change.eventId }, 'a refunded-tickets listener failed');
      }
    }
  }

  async function reserve(order: RefundOrder): Promise<RefundRow> {
    const known = await byKey(db, order.idempotencyKey);
    if (known) return sameBooking(known, order);
    return unitOfWork(async (change) => {
      const { tx, now, audit } = change;
      const { booking, defaultFeeRefund } = await loadBooking(tx, order.bookingId, true);
      await lockOrganizationFunds(tx, booking.organizationId, booking.currency);
      // A twin call with the same key may have committed while this one waited for the lock.
      const twin = await byKey(tx, order.idempotencyKey);
      if (twin) return sameBooking(twin, order);
      const rows = await loadTickets(tx, order.bookingId, order.ticketIds, true);
      const held = await organizerHeld(tx, booking.organizationId, booking.currency);
      const refundServiceFee = order.refundServiceFee ?? defaultFeeRefund;
      const { quote: q, shares, wasValid } = compute(booking, rows, order, refundServiceFee, held);
      if (q.due > 0) throw new DueRequired(q.due, booking.currency);

      const [row] = await tx
        .insert(refunds)
        .values({
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
        })
        .returning();
      if (!row) throw new Error('the refund was not recorded');
      await tx.insert(refundTickets).values(
        shares.map((s) => ({
          refundId: row.id,
          ticketId: s.ticketId,
          amount: s.amount,
          feePart: s.feePart,
        })),
      );
      const [raised] = await tx
        .update(bookings)
        .set({
          refunded: sql`${bookings.refunded} + ${q.amount}`,
          feeRefunded: sql`${bookings.feeRefunded} + ${q.feePart}`,
          organizerRefunded: sql`${bookings.organizerRefunded} + ${q.organizerPart}`,
          updatedAt: now,
        })
        .where(and(eq(bookings.id, booking.id), sql`${bookings.refunded} + ${q.amount} <= ${bookings.total}`))
        .returning({ id: bookings.id });
      if (!raised) throw conflict(REFUND_MESSAGES.nothingLeft);
      for (const share of shares) {
        await tx
          .update(tickets)
          .set({
            refunded: sql`${tickets.refunded} + ${share.amount}`,
            feeRefunded: sql`${tickets.feeRefunded} + ${share.feePart}`,
            status: 'REFUNDED',
            updatedAt: now,
          })
          .where(eq(tickets.id, share.ticketId));
      }
      await releaseRefundedSeats(tx, booking, wasValid);
      change.afterCommit(() =>
        notifyTickets({
          eventId: booking.eventId,
          tickets: rows.map((t) => ({ id: t.id, occurrenceId: t.occurrenceId })),
        }),
      );
      // A buyer's open request for these tickets is answered by this refund, whoever started it (the
      // approval of that request, an organizer's own refund, the event's cancellation).
      const answered = await tx
        .update(refundRequestTickets)
        .set({ refundId: row.id, status: 'APPROVED' })
        .where(
          and(
            inArray(
              refundRequestTickets.ticketId,
              shares.map((s) => s.ticketId),
            ),
            isNull(refundRequestTickets.refundId),
            inArray(refundRequestTickets.status, ['REQUESTED', 'APPROVED']),
          ),
        )
        .returning({ requestId: refundRequestTickets.requestId });
      for (const requestId of new Set(answered.map((a) => a.requestId))) {
        await syncRequestStatus(tx, requestId, now);
      }
      await tx.insert(bookingEvents).values({
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
      // Nothing to send to a provider (free tickets, or a zero partial): done in this transaction.
      if (row.status === 'PROCESSED') await recordProcessed(change, row);
      return row;
    });
  }

  function sameBooking(row: RefundRow, order: RefundOrder): RefundRow {
    if (row.bookingId !== order.bookingId) {
      throw conflict(
        'This idempotency key was already used for another refund. Use a new key for a new refund.',
      );
    }
    return row;
  }

  /** Inside a unit of work pass its `tx`: a second pool connection there can starve the pool. */
  async function current(refundId: string, dbx: DbOrTx = db): Promise<RefundRow> {
    const [row] = await dbx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw notFound('The refund');
    return row;
  }

  async function markProcessed(refundId: string, provider: string, providerRef: string): Promise<RefundRow> {
    return unitOfWork(
      async (change) => {
        const [row] = await change.tx
          .update(refunds)
          .set({
            status: 'PROCESSED',
            provider,
            providerRef,
            processedAt: change.now,
            lastError: null,
            updatedAt: change.now,
          })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
          .returning();
        if (!row) return current(refundId, change.tx);
        await recordProcessed(change, row);
        return row;
      },
      { who: who(refundId) },
    );
  }

  /** The provider refused: the reserved money is refundable again; the tickets stay cancelled. */
  async function markFailed(refundId: string, reason: string): Promise<RefundRow> {
    return unitOfWork(
      async ({ tx, now, audit }) => {
        const [row] = await tx
          .update(refunds)
          .set({ status: 'FAILED', lastError: reason, updatedAt: now })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
          .returning();
        if (!row) return current(refundId, tx);
        await tx
          .update(bookings)
          .set({
            refunded: sql`${bookings.refunded} - ${row.amount}`,
            feeRefunded: sql`${bookings.feeRefunded} - ${row.feePart}`,
            organizerRefunded: sql`${bookings.organizerRefunded} - ${row.organizerPart}`,
            updatedAt: now,
          })
          .where(eq(bookings.id, row.bookingId));
        const shares = await tx.select().from(refundTickets).where(eq(refundTickets.refundId, row.id));
        for (const share of shares) {
          await tx
            .update(tickets)
            .set({
              refunded: sql`${tickets.refunded} - ${share.amount}`,
              feeRefunded: sql`${tickets.feeRefunded} - ${share.feePart}`,
              updatedAt: now,
            })
            .where(eq(tickets.id, share.ticketId));
        }
        await tx.insert(bookingEvents).values({
          bookingId: row.bookingId,
          kind: 'REFUND_FAILED',
          detail: `The provider refused the refund of ${formatAmount(row.amount, row.currency)}: ${reason}`,
          at: now,
        });
        await audit({
          action: 'REFUND_FAILED',
          entityType: 'REFUND',
          entityId: row.id,
          organizationId: row.organizationId,
          before: { status: 'PENDING' },
          after: { status: 'FAILED', reason },
        });
        return row;
      },
      { who: who(refundId) },
    );
  }

  async function finish(refundId: string): Promise<RefundRow> {
    const row = await current(refundId);
    if (row.status !== 'PENDING') return row;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, row.bookingId), eq(payments.status, 'SUCCEEDED')))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(1);
    const attempt = async (error: string) => {
      await db
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, lastError: error, updatedAt: clock.now() })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')));
      return current(refundId);
    };
    if (!payment?.providerRef) return attempt('No succeeded payment of this order was found to refund.');
    let result: Awaited<ReturnType<PaymentsProvider['refund']>>;
    try {
      result = await provider.refund({
        refundId: row.id,
        paymentProviderRef: payment.providerRef,
        amount: row.amount,
        currency: row.currency,
        applicationFeeRefund: row.feePart,
        reverseTransfer: row.organizerPart,
        idempotencyKey: `refund:${row.id}`,
      });
    } catch (error) {
      deps.log?.warn?.({ err: error, refundId }, 'a refund call to the provider failed; it stays PENDING');
      return attempt(error instanceof Error ? error.message : String(error));
    }
    if (result.status === 'SUCCEEDED') return markProcessed(row.id, payment.provider, result.providerRef);
    if (result.status === 'FAILED') {
      return markFailed(row.id, result.failureReason ?? 'The provider refused the refund.');
    }
    await db
      .update(refunds)
      .set({
        provider: payment.provider,
        providerRef: result.providerRef,
        attempts: sql`${refunds.attempts} + 1`,
        updatedAt: clock.now(),
      })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING')));
    return current(row.id);
  }

  return {
    quote,
    /** Every paid booking of an event together (its cancellation): see event-quote.ts. */
    quoteEvent: (eventId: string, refundServiceFee?: boolean) => views.quoteEvent(eventId, refundServiceFee),
    async refund(order: RefundOrder): Promise<RefundRow> {
      const row = await reserve(order);
      return row.status === 'PENDING' ? finish(row.id) : row;
    },
    finish,
    /** Finishes refunds left PENDING (a crash, a provider outage) for longer than `olderThanMs`. */
    async resumePending(olderThanMs = 60_000): Promise<number> {
      const before = new Date(clock.now().getTime() - olderThanMs);
      const stale = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.status, 'PENDING'), lt(refunds.updatedAt, before)))
        .orderBy(asc(refunds.updatedAt))
        .limit(500);
      let finished = 0;
      for (const { id } of stale) {
        if ((await finish(id)).status !== 'PENDING') finished += 1;
      }
      return finished;
    },
    async settleFromProvider(input: {
      provider: string;
      providerRef: string;
      outcome: 'SUCCEEDED' | 'FAILED';
      failureReason?: string | null;
    }): Promise<'PROCESSED' | 'FAILED' | 'ALREADY_SETTLED' | 'UNKNOWN'> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.provider, input.provider), eq(refunds.providerRef, input.providerRef)));
      if (!row) return 'UNKNOWN';
      if (row.status !== 'PENDING') return 'ALREADY_SETTLED';
      const after =
        input.outcome === 'SUCCEEDED'
          ? await markProcessed(row.id, input.provider, input.providerRef)
          : await markFailed(row.id, input.failureReason ?? 'The provider refused the refund.');
      return after.status === 'PENDING' ? 'ALREADY_SETTLED' : after.status;
    },
    onProcessed(listener: (refund: RefundRow) => Promise<void> | void) {
      processedListeners.push(listener);
    },
    /** Hears tickets turned REFUNDED, after the commit (the door's live counts). */
    onTicketsRefunded(listener: (change: RefundedTickets) => void) {
      ticketListeners.push(listener);
    },
    onDuePaid(listener: (due: DuePaymentRow) => Promise<void> | void) {
      dueListeners.push(listener);
    },
    async emitDuePaid(due: DuePaymentRow) {
      for (const listener of dueListeners) {
        try {
          await listener(due);
        } catch (error) {
          deps.log?.error({ err: error, dueId: due.id }, 'a due-paid listener failed');
        }
      }
    },
    refundableTickets: views.refundableTickets,
    refundsOf: views.refundsOf,
    organizerHeld,
  };
}

export type RefundEngine = ReturnType<typeof createRefundEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The refund engine (modules/refunds/refund-engine.ts). */
    refunds: RefundEngine;
  }
}
