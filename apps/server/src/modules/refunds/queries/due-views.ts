import type { DuePayment } from '@marquee/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, type DuePaymentRow, duePayments, events } from '../../../db/schema/index.js';

/** A due payment as the console shows it (the order's refund page, the payouts tab). */
export function toDuePayment(
  row: DuePaymentRow,
  names: { eventTitle: string; bookingCode: string | null },
): DuePayment {
  return {
    _id: row.id,
    purpose: row.purpose,
    organizationId: row.organizationId,
    bookingId: row.bookingId,
    bookingCode: names.bookingCode,
    eventId: row.eventId,
    eventTitle: names.eventTitle,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    redirectUrl: row.redirectUrl,
    clientSecret: row.clientSecret,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Due payments matching `where`, newest first, with their event's title and order's code. */
export async function listDues(db: DbOrTx, where: SQL | undefined, limit = 100): Promise<DuePayment[]> {
  const rows = await db
    .select({ due: duePayments, eventTitle: events.title, bookingCode: bookings.code })
    .from(duePayments)
    .innerJoin(events, eq(events.id, duePayments.eventId))
    .leftJoin(bookings, eq(bookings.id, duePayments.bookingId))
    .where(where)
    .orderBy(desc(duePayments.createdAt), desc(duePayments.id))
    .limit(limit);
  return rows.map((r) => toDuePayment(r.due, { eventTitle: r.eventTitle, bookingCode: r.bookingCode }));
}

/** The due payments of one order still waiting to be paid. */
export const pendingDuesOfBooking = (db: DbOrTx, bookingId: string) =>
  listDues(db, and(eq(duePayments.bookingId, bookingId), eq(duePayments.status, 'PENDING')));

/** One due payment with its event's title and order's code. */
export async function dueView(db: DbOrTx, row: DuePaymentRow): Promise<DuePayment> {
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
