import { and, eq, inArray } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db, Tx } from '../../db/client.js';
import { type BookingRow, bookingEvents, bookings, payments } from '../../db/schema/index.js';
import { type Change, createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { chargeMismatch, type ReportedCharge } from '../../lib/reported-charge.js';
import { loadBuyerBooking } from './buyer-booking.js';
import { newAccessToken } from './codes.js';
import { markConfirmed, writeConfirmation } from './confirm.js';
import { confirmationEmail, ticketPageUrl } from './confirmation-email.js';
import { releaseSeats, reserveSeats, SoldOut } from './inventory.js';
import { claimOf } from './seat-claim.js';

export interface SettleInput extends ReportedCharge {
  provider: string;
  providerRef: string;
  outcome: 'SUCCEEDED' | 'FAILED';
  failureReason?: string;
}

/** What a callback did: for the webhook's log and tests; every outcome is a 200 to the provider. */
export type SettleResult =
  | 'UNKNOWN_PAYMENT'
  | 'ALREADY_SETTLED'
  | 'CONFIRMED'
  | 'CONFIRMED_AFTER_EXPIRY'
  | 'PAID_AFTER_EXPIRY'
  /** A success for another amount or currency than the payment's: refused, the order left as it was. */
  | 'CHARGE_MISMATCH'
  | 'FAILED';

export const PAID_AFTER_EXPIRY = 'PAID_AFTER_EXPIRY – needs refund';

/**
 * The one place a provider's verdict on a payment changes a booking (docs/selling.md, "Settlement").
 * Every step is a guarded UPDATE, so a duplicate or late callback finds nothing to change:
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
export function createSettlement(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
}) {
  const { db, clock } = deps;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });
  const outgoing = new Set<Promise<unknown>>();
  const inBackground = (work: () => Promise<unknown>) => {
    if (deps.confirmationEmails === false) return;
    const running = work()
      .catch((error) => deps.log?.error({ err: error }, 'a booking email failed'))
      .finally(() => outgoing.delete(running));
    outgoing.add(running);
  };
  const who = (providerRef: string) => ({ system: 'payments', requestId: `settle:${providerRef}` });

  async function email(booking: BookingRow, token: string) {
    const view = await loadBuyerBooking(db, booking, token);
    await deps.mailer.send(await confirmationEmail(view, ticketPageUrl(deps.publicUrl, view, token)));
  }

  /** Re-takes the seats of a booking whose hold ended, in a savepoint: false (and nothing kept) when gone. */
  async function retake(tx: Tx, booking: BookingRow): Promise<boolean> {
    try {
      await tx.transaction(async (savepoint) => reserveSeats(savepoint, await claimOf(savepoint, booking)));
      return true;
    } catch (error) {
      if (error instanceof SoldOut) return false;
      throw error;
    }
  }

  /** Records a success that does not match its payment; changes nothing else. */
  async function refuse(
    { tx, now, audit, afterCommit }: Change,
    input: SettleInput,
    pending: typeof payments.$inferSelect,
    mismatch: string,
  ): Promise<SettleResult> {
    const [booking] = await tx
      .select({ id: bookings.id, code: bookings.code, organizationId: bookings.organizationId })
      .from(bookings)
      .where(eq(bookings.id, pending.bookingId));
    if (!booking) return 'UNKNOWN_PAYMENT';
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      kind: 'PAYMENT_REFUSED',
      detail: `A payment confirmation was refused: ${mismatch}. The order stays unpaid.`,
      at: now,
    });
    await audit({
      action: 'PAYMENT_CONFIRMATION_REFUSED',
      entityType: 'BOOKING',
      entityId: booking.id,
      organizationId: booking.organizationId,
      before: { paymentId: pending.id, amount: pending.amount, currency: pending.currency },
      after: {
        provider: input.provider,
        providerRef: input.providerRef,
        reportedAmount: input.amount,
        reportedCurrency: input.currency,
        reason: mismatch,
      },
    });
    afterCommit(() =>
      deps.log?.warn(
        {
          orderCode: booking.code,
          bookingId: booking.id,
          provider: input.provider,
          providerRef: input.providerRef,
          expected: { amount: pending.amount, currency: pending.currency },
          reported: { amount: input.amount, currency: input.currency },
        },
        `payment confirmation refused for order ${booking.code}: ${mismatch}`,
      ),
    );
    return 'CHARGE_MISMATCH';
  }

  async function succeed(input: SettleInput): Promise<SettleResult> {
    const access = newAccessToken();
    return unitOfWork(
      async (change) => {
        const { tx, now, audit, afterCommit } = change;
        // The amount and currency never change on a payment row, so reading it unlocked is enough.
        const [pending] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.provider, input.provider),
              eq(payments.providerRef, input.providerRef),
              eq(payments.status, 'PENDING'),
            ),
          );
        const mismatch = pending && chargeMismatch(pending, input);
        if (pending && mismatch) return refuse(change, input, pending, mismatch);
        const [payment] = await tx
          .update(payments)
          .set({ status: 'SUCCEEDED', failureReason: null, updatedAt: now })
          .where(
            and(
              eq(payments.provider, input.provider),
              eq(payments.providerRef, input.providerRef),
              eq(payments.status, 'PENDING'),
            ),
          )
          .returning();
        if (!payment) return 'ALREADY_SETTLED';
        const [held] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId));
        if (!held) return 'UNKNOWN_PAYMENT';
        const auditConfirmed = (before: string) =>
          audit({
            action: 'BOOKING_CONFIRMED',
            entityType: 'BOOKING',
            entityId: held.id,
            organizationId: held.organizationId,
            before: { status: before },
            after: { status: 'CONFIRMED', paymentId: payment.id },
          });

        let confirmed = await markConfirmed(tx, held.id, now, access.hash, held.accessTokenHash);
        let result: SettleResult = 'CONFIRMED';
        if (!confirmed && ['EXPIRED', 'FAILED', 'CANCELLED'].includes(held.status)) {
          // Paid after the hold ended: the money is in, so the seats are taken again when still free.
          if (await retake(tx, held)) {
            [confirmed = null] = await tx
              .update(bookings)
              .set({
                status: 'CONFIRMED',
                confirmedAt: now,
                holdExpiresAt: null,
                accessTokenHash: access.hash,
                checkoutTokenHash: held.accessTokenHash,
                updatedAt: now,
              })
              .where(
                and(eq(bookings.id, held.id), inArray(bookings.status, ['EXPIRED', 'FAILED', 'CANCELLED'])),
              )
              .returning();
            result = 'CONFIRMED_AFTER_EXPIRY';
          } else {
            await tx
              .update(bookings)
              .set({ status: 'FAILED', updatedAt: now })
              .where(eq(bookings.id, held.id));
            await tx.insert(bookingEvents).values({
              bookingId: held.id,
              kind: 'PAID_AFTER_EXPIRY',
              detail: `${PAID_AFTER_EXPIRY}: paid ${payment.amount} ${payment.currency} after the seats were gone`,
              at: now,
            });
            await audit({
              action: 'BOOKING_PAID_AFTER_EXPIRY',
              entityType: 'BOOKING',
              entityId: held.id,
              organizationId: held.organizationId,
              before: { status: held.status },
              after: { status: 'FAILED', paymentId: payment.id },
            });
            return 'PAID_AFTER_EXPIRY';
          }
        }
        if (!confirmed) return 'ALREADY_SETTLED';
        await writeConfirmation(tx, confirmed, now, `Paid (${input.provider} ${input.providerRef})`);
        await auditConfirmed(held.status);
        const row = confirmed;
        afterCommit(() => inBackground(() => email(row, access.token)));
        return result;
      },
      { who: who(input.providerRef) },
    );
  }

  async function fail(input: SettleInput): Promise<SettleResult> {
    return unitOfWork(
      async ({ tx, now, audit }) => {
        const [payment] = await tx
          .update(payments)
          .set({
            status: 'FAILED',
            failureReason: input.failureReason ?? 'The payment failed',
            updatedAt: now,
          })
          .where(
            and(
              eq(payments.provider, input.provider),
              eq(payments.providerRef, input.providerRef),
              eq(payments.status, 'PENDING'),
            ),
          )
          .returning();
        if (!payment) return 'ALREADY_SETTLED';
        const [ended] = await tx
          .update(bookings)
          .set({ status: 'FAILED', holdExpiresAt: null, updatedAt: now })
          .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'HELD')))
          .returning();
        if (!ended) return 'ALREADY_SETTLED';
        await releaseSeats(tx, await claimOf(tx, ended));
        await tx.insert(bookingEvents).values({
          bookingId: ended.id,
          kind: 'PAYMENT_FAILED',
          detail: input.failureReason ?? 'The payment failed; the seats were given back.',
          at: now,
        });
        await audit({
          action: 'BOOKING_FAILED',
          entityType: 'BOOKING',
          entityId: ended.id,
          organizationId: ended.organizationId,
          before: { status: 'HELD' },
          after: { status: 'FAILED', paymentId: payment.id },
        });
        return 'FAILED';
      },
      { who: who(input.providerRef) },
    );
  }

  return {
    /** Waits for confirmation emails still being sent (app close, tests). */
    async drain() {
      await Promise.all([...outgoing]);
    },

    async settle(input: SettleInput): Promise<SettleResult> {
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, input.provider), eq(payments.providerRef, input.providerRef)));
      if (!payment) return 'UNKNOWN_PAYMENT';
      return input.outcome === 'SUCCEEDED' ? succeed(input) : fail(input);
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
