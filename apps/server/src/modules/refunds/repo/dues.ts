import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  bookings,
  type DuePaymentRow,
  duePayments,
  events,
  ledgerEntries,
  refunds,
} from '../../../db/schema/index.js';

/** What organizers owe: the due payment rows and their DUE_PAID posting. */

export async function insertDue(tx: Tx, values: typeof duePayments.$inferInsert): Promise<DuePaymentRow> {
  const [row] = await tx.insert(duePayments).values(values).returning();
  if (!row) throw new Error('due payment not written');
  return row;
}

/** The provider's answer to starting the payment (its reference, the page or client secret). */
export async function recordDueStarted(
  dbx: DbOrTx,
  dueId: string,
  started: { providerRef: string; redirectUrl: string | null; clientSecret: string | null },
) {
  const [row] = await dbx
    .update(duePayments)
    .set({
      providerRef: started.providerRef,
      redirectUrl: started.redirectUrl,
      clientSecret: started.clientSecret,
    })
    .where(eq(duePayments.id, dueId))
    .returning();
  return row;
}

/** A PENDING due of the same plan (a retry after a lost answer). */
export async function pendingDueWithKey(dbx: DbOrTx, key: string): Promise<DuePaymentRow | undefined> {
  const [row] = await dbx
    .select()
    .from(duePayments)
    .where(and(eq(duePayments.status, 'PENDING'), sql`${duePayments.plan}->>'idempotencyKey' = ${key}`))
    .limit(1);
  return row;
}

/** The due the provider reports on (provider and reference are unique together). */
export async function dueByProviderRef(dbx: DbOrTx, provider: string, providerRef: string) {
  const [row] = await dbx
    .select()
    .from(duePayments)
    .where(and(eq(duePayments.provider, provider), eq(duePayments.providerRef, providerRef)));
  return row;
}

/** Held rises by the amount paid in: the organizer's payable grows, as does what the platform holds. */
export async function postDuePaid(tx: Tx, paid: DuePaymentRow, now: Date) {
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
}

/** Paid order dues whose refund (by the key in their plan) does not exist yet. */
export async function paidDuesWithoutRefund(dbx: DbOrTx) {
  return dbx
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
}

/** The order a due is for, with its event's title (the payment's description). */
export async function bookingWithTitle(dbx: DbOrTx, bookingId: string) {
  const [row] = await dbx
    .select({ booking: bookings, title: events.title })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** What an event's cancellation due payments brought in so far. */
export async function eventDuePaid(dbx: DbOrTx, eventId: string): Promise<number> {
  const [paid] = await dbx
    .select({ amount: sql<number>`coalesce(sum(${duePayments.amount}), 0)::int` })
    .from(duePayments)
    .where(
      and(
        eq(duePayments.eventId, eventId),
        eq(duePayments.purpose, 'EVENT_CANCELLATION'),
        eq(duePayments.status, 'SUCCEEDED'),
      ),
    );
  return paid?.amount ?? 0;
}
