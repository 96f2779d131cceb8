import type { Db } from '../../../db/client.js';
import { createUnitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { completeEndedEvents } from '../../events/index.js';
import { lockOrganizationFunds } from '../repo/funds.js';
import { insertPayout, markPaidOut, unpaidGroups } from '../repo/payouts.js';

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
 * organization's funds lock (always after the booking rows), the payout row and its PAYOUT posting.
 * Refunds after this point need a due payment when the held balance no longer covers them. Run by the
 * job scheduler and before the balance is read.
 */
export async function payOutCompletedEvents(db: Db, clock: Clock, now = clock.now()): Promise<PayoutSweep> {
  await completeEndedEvents(db, now);
  const groups = await unpaidGroups(db);
  const unitOfWork = createUnitOfWork({ db, clock });
  const sweep: PayoutSweep = { payouts: 0, bookings: 0 };
  for (const group of groups) {
    const done = await unitOfWork(
      async ({ tx, audit }) => {
        const marked = await markPaidOut(tx, group, now);
        const amount = marked.reduce((sum, b) => sum + Math.max(0, b.organizerAmount - b.refunded), 0);
        if (amount <= 0) return { bookings: marked.length, payout: false };
        await lockOrganizationFunds(tx, group.organizationId, group.currency);
        const payout = await insertPayout(tx, group, amount, now);
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
