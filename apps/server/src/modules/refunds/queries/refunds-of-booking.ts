import type { RefundView } from '@marquee/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, refunds, refundTickets, users } from '../../../db/schema/index.js';

/** A booking's refunds, newest first, with the tickets each covered. */
export async function refundsOfBooking(db: DbOrTx, bookingId: string): Promise<RefundView[]> {
  const rows = await db
    .select({
      refund: refunds,
      code: bookings.code,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .leftJoin(users, eq(users.id, refunds.initiatedBy))
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  const ids = rows.map((r) => r.refund.id);
  const shares = ids.length
    ? await db
        .select()
        .from(refundTickets)
        .where(inArray(refundTickets.refundId, ids))
        .orderBy(asc(refundTickets.ticketId))
    : [];
  return rows.map(({ refund, code, firstName, lastName }) => ({
    _id: refund.id,
    bookingId: refund.bookingId,
    bookingCode: code,
    status: refund.status,
    source: refund.source,
    currency: refund.currency,
    amount: refund.amount,
    feePart: refund.feePart,
    organizerPart: refund.organizerPart,
    ticketIds: shares.filter((s) => s.refundId === refund.id).map((s) => s.ticketId),
    reason: refund.reason,
    failureReason: refund.status === 'PROCESSED' ? null : refund.lastError,
    initiatedBy: firstName || lastName ? `${firstName} ${lastName}`.trim() : null,
    createdAt: refund.createdAt.toISOString(),
    processedAt: refund.processedAt?.toISOString() ?? null,
  }));
}
