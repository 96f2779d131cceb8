import type { DuePayment } from '@marquee/contract';
import { REFUND_MESSAGES } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentsProvider } from '../../../adapters/payments/payments.js';
import type { Db } from '../../../db/client.js';
import {
  bookings,
  type DuePaymentRow,
  duePayments,
  events,
  ledgerEntries,
  refunds,
} from '../../../db/schema/index.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor } from '../../../lib/access/index.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { chargeMismatch, type ReportedCharge } from '../../../lib/reported-charge.js';
import { lockOrganizationFunds, type RefundEngine } from '../refund-engine.js';
import { toDuePayment } from './due-view.js';

export const DUE_MESSAGES = {
  nothingOwed: 'Nothing is owed for this refund',
  notStarted: 'The payment could not be started. Please try again.',
};

/** The refund an ORDER_REFUND due runs once paid (kept as JSON on the due payment). */
export interface DuePlan {
  bookingId: string;
  ticketIds: string[];
  amount?: number;
  refundServiceFee: boolean;
  reason: string | null;
  /** The engine's key: the refund runs exactly once, however often the payment is reported. */
  idempotencyKey: string;
}

export type DueSettleResult =
  | 'DUE_PAID'
  | 'DUE_FAILED'
  | 'ALREADY_SETTLED'
  | 'UNKNOWN_PAYMENT'
  /** A success for another amount or currency than the due's: refused, the due still PENDING. */
  | 'CHARGE_MISMATCH';

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What organizers owe (docs/refunds.md, "Held and due"): a refund whose organizer part exceeds what
 * the platform still holds for the organization needs the difference paid in first. The organizer
 * pays it through the payments port like a buyer's payment, to the platform (no destination
 * account): the sandbox's card page, or with Stripe a PaymentIntent on the platform whose client
 * secret the console confirms with a card. Limitation: Stripe cannot charge a saved payment method of
 * the organizer (none is collected), so the organizer pays by card each time.
 *
 * The provider's webhook settles the due (`settle`): a guarded UPDATE PENDING → SUCCEEDED, the
 * DUE_PAID posting under the organization's funds lock, then, after COMMIT, `emitDuePaid`; the order
 * refund waiting for it runs with the key stored in its plan, so it happens exactly once.
 */
export function createDues(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  /** The refund engine (decorated on the app once it is built). */
  engine: () => RefundEngine;
  log?: Logger;
}) {
  const { db, clock, payments } = deps;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });

  async function view(row: DuePaymentRow): Promise<DuePayment> {
    const [names] = await db
      .select({ eventTitle: events.title, bookingCode: bookings.code })
      .from(events)
      .leftJoin(bookings, row.bookingId ? eq(bookings.id, row.bookingId) : sql`false`)
      .where(eq(events.id, row.eventId));
    return toDuePayment(row, {
      eventTitle: names?.eventTitle ?? '',
      bookingCode: names?.bookingCode ?? null,
    });
  }

  /** Records the due (PENDING), commits, then asks the provider for the payment and keeps its answer. */
  async function start(input: {
    organizationId: string;
    eventId: string;
    bookingId: string | null;
    reference: string;
    description: string;
    purpose: DuePaymentRow['purpose'];
    amount: number;
    currency: string;
    plan: Record<string, unknown>;
    returnUrl: string;
    actor: Actor;
  }): Promise<DuePayment> {
    const due = await unitOfWork(async ({ tx, now, audit }) => {
      const [row] = await tx
        .insert(duePayments)
        .values({
          organizationId: input.organizationId,
          eventId: input.eventId,
          bookingId: input.bookingId,
          purpose: input.purpose,
          currency: input.currency,
          amount: input.amount,
          provider: payments.name,
          plan: input.plan,
          createdBy: input.actor.user.id,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('due payment not written');
      await audit({
        action: 'DUE_PAYMENT_CREATED',
        entityType: 'DUE_PAYMENT',
        entityId: row.id,
        organizationId: row.organizationId,
        after: { purpose: row.purpose, amount: row.amount, currency: row.currency, bookingId: row.bookingId },
      });
      return row;
    });
    try {
      const started = await payments.createPayment({
        paymentId: due.id,
        // The provider's metadata names what is paid: the due itself (no buyer's booking is paid here).
        bookingId: due.id,
        bookingCode: input.reference,
        description: input.description,
        amount: due.amount,
        currency: due.currency,
        applicationFee: 0,
        // The platform collects it: the money makes the held balance whole again.
        destinationAccountId: null,
        returnUrl: input.returnUrl,
        idempotencyKey: `due-${due.id}`,
      });
      const [updated] = await db
        .update(duePayments)
        .set({
          providerRef: started.providerRef,
          redirectUrl: started.redirectUrl,
          clientSecret: started.clientSecret,
        })
        .where(eq(duePayments.id, due.id))
        .returning();
      return view(updated ?? due);
    } catch (error) {
      deps.log?.error({ err: error }, 'starting a due payment failed');
      await db
        .update(duePayments)
        .set({ status: 'FAILED' })
        .where(and(eq(duePayments.id, due.id), eq(duePayments.status, 'PENDING')));
      if (error instanceof AppError && error.statusCode < 500) throw error;
      throw new AppError(502, DUE_MESSAGES.notStarted);
    }
  }

  /** A PENDING due of the same plan (a retry after a lost answer): shown again, not paid twice. */
  async function pendingWithKey(key: string): Promise<DuePaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(duePayments)
      .where(and(eq(duePayments.status, 'PENDING'), sql`${duePayments.plan}->>'idempotencyKey' = ${key}`))
      .limit(1);
    return row;
  }

  return {
    view,

    /** pay-order-ticket-due-amount: the due of one order refund; the refund runs once it is paid. */
    async payForOrder(input: {
      actor: Actor;
      order: Omit<DuePlan, 'idempotencyKey' | 'refundServiceFee'> & { refundServiceFee?: boolean };
      key: string;
      returnUrl: string;
    }): Promise<DuePayment> {
      const idempotencyKey = `due:${input.actor.user.id}:${input.key}`;
      const existing = await pendingWithKey(idempotencyKey);
      if (existing?.redirectUrl || existing?.clientSecret) return view(existing);
      const quote = await deps.engine().quote({
        bookingId: input.order.bookingId,
        ticketIds: input.order.ticketIds,
        amount: input.order.amount,
        refundServiceFee: input.order.refundServiceFee,
        reason: input.order.reason,
      });
      if (quote.due <= 0) throw conflict(DUE_MESSAGES.nothingOwed);
      const [booking] = await db
        .select({ booking: bookings, title: events.title })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(eq(bookings.id, input.order.bookingId));
      if (!booking) throw notFound('The order');
      const plan: DuePlan = {
        bookingId: input.order.bookingId,
        ticketIds: input.order.ticketIds,
        ...(input.order.amount !== undefined ? { amount: input.order.amount } : {}),
        refundServiceFee: quote.refundServiceFee,
        reason: input.order.reason,
        idempotencyKey,
      };
      return start({
        organizationId: booking.booking.organizationId,
        eventId: booking.booking.eventId,
        bookingId: booking.booking.id,
        reference: booking.booking.code,
        description: `Refund of order ${booking.booking.code} (${booking.title}): amount owed by the organizer`,
        purpose: 'ORDER_REFUND',
        amount: quote.due,
        currency: quote.currency,
        plan: { ...plan },
        returnUrl: input.returnUrl,
        actor: input.actor,
      });
    },

    /** pay-due-to-cancel-event: the due of a cancelled event's refunds; the refund job starts once paid. */
    async payForEvent(input: {
      actor: Actor;
      eventId: string;
      refundServiceFee?: boolean;
      key: string;
      returnUrl: string;
    }): Promise<DuePayment> {
      const [event] = await db.select().from(events).where(eq(events.id, input.eventId));
      if (!event) throw notFound('The event');
      if (event.status !== 'CANCELLED') throw conflict(REFUND_MESSAGES.eventNotCancelled);
      const idempotencyKey = `due-event:${input.actor.user.id}:${input.key}`;
      const existing = await pendingWithKey(idempotencyKey);
      if (existing?.redirectUrl || existing?.clientSecret) return view(existing);
      const { quote, currency } = await deps.engine().quoteEvent(input.eventId, input.refundServiceFee);
      if (quote.due <= 0) throw conflict(DUE_MESSAGES.nothingOwed);
      return start({
        organizationId: event.organizationId,
        eventId: event.id,
        bookingId: null,
        reference: `DUE-${event.id.slice(0, 8).toUpperCase()}`,
        description: `Refunds of the cancelled event ${event.title}: amount owed by the organizer`,
        purpose: 'EVENT_CANCELLATION',
        amount: quote.due,
        currency: quote.currency || currency,
        plan: { refundServiceFee: quote.refundServiceFee, idempotencyKey },
        returnUrl: input.returnUrl,
        actor: input.actor,
      });
    },

    /**
     * A payment outcome the booking side did not know (`UNKNOWN_PAYMENT`): a due payment's, or nobody's.
     * Joins the webhook's unit of work; a duplicate or late report finds nothing PENDING and changes nothing.
     */
    async settle(
      input: ReportedCharge & {
        provider: string;
        providerRef: string;
        outcome: 'SUCCEEDED' | 'FAILED';
        failureReason?: string | null;
      },
    ): Promise<DueSettleResult> {
      const mine = and(
        eq(duePayments.provider, input.provider),
        eq(duePayments.providerRef, input.providerRef),
      );
      return unitOfWork(
        async ({ tx, now, audit, afterCommit }) => {
          const pending = and(mine, eq(duePayments.status, 'PENDING'));
          const known = async () =>
            (await tx.select({ id: duePayments.id }).from(duePayments).where(mine)).length > 0;
          if (input.outcome === 'FAILED') {
            const [failed] = await tx
              .update(duePayments)
              .set({ status: 'FAILED' })
              .where(pending)
              .returning();
            if (!failed) return (await known()) ? 'ALREADY_SETTLED' : 'UNKNOWN_PAYMENT';
            await audit({
              action: 'DUE_PAYMENT_FAILED',
              entityType: 'DUE_PAYMENT',
              entityId: failed.id,
              organizationId: failed.organizationId,
              before: { status: 'PENDING' },
              after: { status: 'FAILED', reason: input.failureReason ?? null },
            });
            return 'DUE_FAILED';
          }
          // As for a buyer's payment (booking/settlement.ts): only the due's own amount and currency pay it.
          const [waiting] = await tx.select().from(duePayments).where(pending);
          const mismatch = waiting && chargeMismatch(waiting, input);
          if (waiting && mismatch) {
            await audit({
              action: 'DUE_PAYMENT_CONFIRMATION_REFUSED',
              entityType: 'DUE_PAYMENT',
              entityId: waiting.id,
              organizationId: waiting.organizationId,
              before: { status: 'PENDING', amount: waiting.amount, currency: waiting.currency },
              after: {
                status: 'PENDING',
                reportedAmount: input.amount,
                reportedCurrency: input.currency,
                reason: mismatch,
              },
            });
            afterCommit(() =>
              deps.log?.warn(
                { duePaymentId: waiting.id, eventId: waiting.eventId, providerRef: input.providerRef },
                `due payment confirmation refused for due ${waiting.id}: ${mismatch}`,
              ),
            );
            return 'CHARGE_MISMATCH';
          }
          const [paid] = await tx
            .update(duePayments)
            .set({ status: 'SUCCEEDED', paidAt: now })
            .where(pending)
            .returning();
          if (!paid) return (await known()) ? 'ALREADY_SETTLED' : 'UNKNOWN_PAYMENT';
          // Held rises by the amount paid in: the organizer's payable grows, as does what the platform holds.
          await lockOrganizationFunds(tx, paid.organizationId, paid.currency);
          const entry = (account: 'ORGANIZER_PAYABLE' | 'BUYER_PAYMENTS', amount: number) => ({
            groupId: paid.id,
            bookingId: paid.bookingId,
            organizationId: paid.organizationId,
            account,
            amount,
            currency: paid.currency,
            kind: 'DUE_PAID',
            createdAt: now,
          });
          await tx
            .insert(ledgerEntries)
            .values([entry('ORGANIZER_PAYABLE', -paid.amount), entry('BUYER_PAYMENTS', paid.amount)]);
          await audit({
            action: 'DUE_PAYMENT_SUCCEEDED',
            entityType: 'DUE_PAYMENT',
            entityId: paid.id,
            organizationId: paid.organizationId,
            before: { status: 'PENDING' },
            after: { status: 'SUCCEEDED', amount: paid.amount, currency: paid.currency },
          });
          afterCommit(() => deps.engine().emitDuePaid(paid));
          return 'DUE_PAID';
        },
        { who: { system: 'payments', requestId: `due:${input.providerRef}` } },
      );
    },

    /**
     * Paid order dues whose refund never ran (the process stopped between the payment's commit and the
     * refund): runs them now, with their stored keys (the scheduler's; a refund already made is found).
     */
    async resumePaidPlans(): Promise<number> {
      const waiting = await db
        .select()
        .from(duePayments)
        .where(
          and(
            eq(duePayments.purpose, 'ORDER_REFUND'),
            eq(duePayments.status, 'SUCCEEDED'),
            sql`not exists (select 1 from ${refunds} where ${refunds.idempotencyKey} = ${duePayments.plan}->>'idempotencyKey')`,
          ),
        )
        .limit(100);
      let ran = 0;
      for (const due of waiting) {
        try {
          await this.runPlan(due);
          ran += 1;
        } catch (error) {
          deps.log?.error({ err: error, dueId: due.id }, 'the refund of a paid due could not run');
        }
      }
      return ran;
    },

    /** The order refund a paid ORDER_REFUND due was waiting for (its listener on the engine). */
    async runPlan(due: DuePaymentRow) {
      if (due.purpose !== 'ORDER_REFUND' || !due.plan) return;
      const plan = due.plan as unknown as DuePlan;
      await deps.engine().refund({
        bookingId: plan.bookingId,
        ticketIds: plan.ticketIds,
        amount: plan.amount,
        refundServiceFee: plan.refundServiceFee,
        source: 'ORGANIZER',
        reason: plan.reason,
        idempotencyKey: plan.idempotencyKey,
        initiatedBy: due.createdBy,
      });
    },
  };
}

export type Dues = ReturnType<typeof createDues>;
