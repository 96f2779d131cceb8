import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { bookings, events, ledgerEntries, organizationPayouts } from '../../../db/schema/index.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { completeEndedEvents } from '../../events/index.js';
import { lockOrganizationFunds } from '../refund-engine.js';

/** Confirmed bookings of completed events whose organizer part has not been paid out yet. */
function unpaid(tx: Db | Tx): SQL {
  return and(
    eq(bookings.status, 'CONFIRMED'),
    isNull(bookings.paidOutAt),
    inArray(
      bookings.eventId,
      tx.select({ id: events.id }).from(events).where(eq(events.status, 'COMPLETED')),
    ),
  ) as SQL;
}

export interface PayoutSweep {
  /** Payouts recorded (one per organization and currency with something to pay). */
  payouts: number;
  /** Bookings marked paid out (also those with nothing left after refunds). */
  bookings: number;
}

/**
 * The sandbox's payouts (docs/refunds.md): once an event is COMPLETED, what the organizer is owed for
 * its confirmed bookings (organizer amount less what was refunded of it) leaves the platform's hands.
 * Per organization and currency, in one unit of work: the guarded UPDATE … WHERE paid_out_at IS NULL
 * locks and marks the bookings (so a second sweep, or one running alongside, finds nothing), then the
 * organization's funds lock (always after the booking rows), the payout row and its PAYOUT posting
 * (ORGANIZER_PAYABLE +x, BUYER_PAYMENTS −x). Refunds after this point need a due payment when the
 * held balance no longer covers them. Run by the job scheduler and before the balance is read.
 */
export async function payOutCompletedEvents(db: Db, clock: Clock, now = clock.now()): Promise<PayoutSweep> {
  await completeEndedEvents(db, now);
  const groups = await db
    .selectDistinct({ organizationId: bookings.organizationId, currency: bookings.currency })
    .from(bookings)
    .where(unpaid(db));
  const unitOfWork = createUnitOfWork({ db, clock });
  const sweep: PayoutSweep = { payouts: 0, bookings: 0 };
  for (const group of groups) {
    const done = await unitOfWork(
      async ({ tx, audit }) => {
        const marked = await tx
          .update(bookings)
          .set({ paidOutAt: now, updatedAt: now })
          .where(
            and(
              eq(bookings.organizationId, group.organizationId),
              eq(bookings.currency, group.currency),
              unpaid(tx),
            ),
          )
          .returning({ organizerAmount: bookings.organizerAmount, refunded: bookings.organizerRefunded });
        const amount = marked.reduce((sum, b) => sum + Math.max(0, b.organizerAmount - b.refunded), 0);
        if (amount <= 0) return { bookings: marked.length, payout: false };
        await lockOrganizationFunds(tx, group.organizationId, group.currency);
        const [payout] = await tx
          .insert(organizationPayouts)
          .values({ organizationId: group.organizationId, currency: group.currency, amount, createdAt: now })
          .returning();
        if (!payout) throw new Error('payout row not written');
        const entry = (account: 'ORGANIZER_PAYABLE' | 'BUYER_PAYMENTS', value: number) => ({
          groupId: payout.id,
          bookingId: null,
          organizationId: group.organizationId,
          account,
          amount: value,
          currency: group.currency,
          kind: 'PAYOUT',
          createdAt: now,
        });
        await tx
          .insert(ledgerEntries)
          .values([entry('ORGANIZER_PAYABLE', amount), entry('BUYER_PAYMENTS', -amount)]);
        await audit({
          action: 'PAYOUT_CREATED',
          entityType: 'ORGANIZATION_PAYOUT',
          entityId: payout.id,
          organizationId: group.organizationId,
          after: { amount, currency: group.currency, bookings: marked.length },
        });
        return { bookings: marked.length, payout: true };
      },
      { who: { system: 'payouts', requestId: `payouts:${now.toISOString()}` } },
    );
    sweep.bookings += done.bookings;
    if (done.payout) sweep.payouts += 1;
  }
  return sweep;
}
