import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  bookingEvents,
  bookings,
  ledgerEntries,
  organizations,
  payments,
  type RefundRow,
  refundRequestTickets,
  refunds,
  refundTickets,
  tickets,
} from '../../../db/schema/index.js';
import type { TicketShare } from '../refund-math.js';

/** The refund engine's data access: the booking and tickets it locks, the refund rows, the postings. */

/** The booking (locked when reserving) and its organization's default for refunding the fee. */
export async function bookingForRefund(dbx: DbOrTx, bookingId: string, lock: boolean) {
  const query = dbx.select().from(bookings).where(eq(bookings.id, bookingId));
  const [booking] = lock ? await query.for('update') : await query;
  if (!booking) return null;
  const [organization] = await dbx
    .select({ refundServiceFee: organizations.refundServiceFee })
    .from(organizations)
    .where(eq(organizations.id, booking.organizationId));
  return { booking, defaultFeeRefund: organization?.refundServiceFee ?? false };
}

/** The named tickets of the booking, in id order (the lock order), locked when reserving. */
export async function ticketsOfBooking(dbx: DbOrTx, bookingId: string, ids: string[], lock: boolean) {
  const query = dbx
    .select()
    .from(tickets)
    .where(and(eq(tickets.bookingId, bookingId), inArray(tickets.id, ids)))
    .orderBy(asc(tickets.id));
  return lock ? await query.for('update') : await query;
}

export async function refundByKey(dbx: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const [row] = await dbx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

export async function refundById(dbx: DbOrTx, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await dbx.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

export async function refundByProviderRef(dbx: DbOrTx, provider: string, providerRef: string) {
  const [row] = await dbx
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, providerRef)));
  return row;
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert, shares: TicketShare[]) {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('the refund was not recorded');
  await tx
    .insert(refundTickets)
    .values(
      shares.map((s) => ({ refundId: row.id, ticketId: s.ticketId, amount: s.amount, feePart: s.feePart })),
    );
  return row;
}

interface Parts {
  amount: number;
  feePart: number;
  organizerPart: number;
}

/** Raises the booking's refunded amounts; false when that would pass what was paid (nothing reserved). */
export async function raiseBookingRefunded(tx: Tx, bookingId: string, parts: Parts, now: Date) {
  const [raised] = await tx
    .update(bookings)
    .set({
      refunded: sql`${bookings.refunded} + ${parts.amount}`,
      feeRefunded: sql`${bookings.feeRefunded} + ${parts.feePart}`,
      organizerRefunded: sql`${bookings.organizerRefunded} + ${parts.organizerPart}`,
      updatedAt: now,
    })
    .where(and(eq(bookings.id, bookingId), sql`${bookings.refunded} + ${parts.amount} <= ${bookings.total}`))
    .returning({ id: bookings.id });
  return raised !== undefined;
}

/** A share reserved on its ticket, which turns REFUNDED (no entry again while refunds are possible). */
export async function raiseTicketRefunded(tx: Tx, share: TicketShare, now: Date) {
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

/** A failed refund's reservation given back on the booking and its tickets (the tickets stay REFUNDED). */
export async function lowerRefunded(tx: Tx, row: RefundRow, now: Date) {
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
}

/**
 * Open request tickets for these tickets now answered by the refund (APPROVED, pointing at it); the
 * requests they belong to.
 */
export async function answerRequestTickets(tx: Tx, ticketIds: string[], refundId: string) {
  const answered = await tx
    .update(refundRequestTickets)
    .set({ refundId, status: 'APPROVED' })
    .where(
      and(
        inArray(refundRequestTickets.ticketId, ticketIds),
        isNull(refundRequestTickets.refundId),
        inArray(refundRequestTickets.status, ['REQUESTED', 'APPROVED']),
      ),
    )
    .returning({ requestId: refundRequestTickets.requestId });
  return [...new Set(answered.map((a) => a.requestId))];
}

/** The request tickets of a processed refund become PROCESSED; the requests they belong to. */
export async function processRequestTickets(tx: Tx, refundId: string) {
  const decided = await tx
    .update(refundRequestTickets)
    .set({ status: 'PROCESSED' })
    .where(eq(refundRequestTickets.refundId, refundId))
    .returning({ requestId: refundRequestTickets.requestId });
  return [...new Set(decided.map((d) => d.requestId))];
}

export async function addBookingEvent(
  tx: Tx,
  entry: { bookingId: string; kind: string; detail: string; at?: Date },
) {
  await tx.insert(bookingEvents).values(entry);
}

/** The reverse of the confirmation's posting: the platform pays out, fee and payable are debited. */
export async function postRefund(tx: Tx, row: RefundRow, now: Date) {
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
  await tx
    .insert(ledgerEntries)
    .values([
      entry('BUYER_PAYMENTS', -row.amount),
      entry('PLATFORM_FEES', row.feePart),
      entry('ORGANIZER_PAYABLE', row.organizerPart),
    ]);
}

/** The booking's first succeeded payment: what the provider refunds. */
export async function succeededPaymentOf(dbx: DbOrTx, bookingId: string) {
  const [payment] = await dbx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'SUCCEEDED')))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return payment;
}

/** One more try of a refund still PENDING: what went wrong, and the provider's reference once known. */
export async function countAttempt(
  dbx: DbOrTx,
  refundId: string,
  now: Date,
  outcome: { lastError: string } | { provider: string; providerRef: string },
) {
  await dbx
    .update(refunds)
    .set({ ...outcome, attempts: sql`${refunds.attempts} + 1`, updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')));
}

/** Refunds left PENDING since before `before`, oldest first. */
export async function stalePendingRefunds(dbx: DbOrTx, before: Date) {
  return dbx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'PENDING'), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(500);
}
