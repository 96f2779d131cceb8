import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { bookings, events, ledgerEntries, organizationPayouts } from '../../../db/schema/index.js';

/** Confirmed bookings of completed events whose organizer part has not been paid out yet. */
function unpaid(dbx: DbOrTx): SQL {
  return and(
    eq(bookings.status, 'CONFIRMED'),
    isNull(bookings.paidOutAt),
    inArray(
      bookings.eventId,
      dbx.select({ id: events.id }).from(events).where(eq(events.status, 'COMPLETED')),
    ),
  ) as SQL;
}

/** Each organization and currency with something not paid out yet. */
export async function unpaidGroups(dbx: DbOrTx) {
  return dbx
    .selectDistinct({ organizationId: bookings.organizationId, currency: bookings.currency })
    .from(bookings)
    .where(unpaid(dbx));
}

/**
 * Marks the group's unpaid bookings paid out, with a guarded UPDATE … WHERE paid_out_at IS NULL (so a
 * sweep alongside finds nothing); what each was owed.
 */
export async function markPaidOut(tx: Tx, group: { organizationId: string; currency: string }, now: Date) {
  return tx
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
}

/** The payout row and its PAYOUT posting (ORGANIZER_PAYABLE +x, BUYER_PAYMENTS −x). */
export async function insertPayout(
  tx: Tx,
  group: { organizationId: string; currency: string },
  amount: number,
  now: Date,
) {
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
  return payout;
}
