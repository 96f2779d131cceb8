import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';
import {
  bookingLines,
  bookings,
  payments,
  reasons,
  refundRequests,
  refundRequestTickets,
  sandboxPayments,
  tickets,
} from '../src/db/schema/index.js';
import { newAccessToken } from '../src/modules/booking/codes.js';

/**
 * Refund fixtures written straight to the database (test-only): reasons of the refund kinds, a buyer's
 * token on a fixture booking, and buyers' requests in any state.
 */

let counter = 0;

export async function insertRefundReason(
  db: DbOrTx,
  kind: 'REFUND_REQUEST' | 'REFUND_DECLINE',
  values: { text?: string; status?: 'ACTIVE' | 'INACTIVE'; order?: number } = {},
) {
  counter += 1;
  const [row] = await db
    .insert(reasons)
    .values({
      kind,
      text:
        values.text ?? `${kind === 'REFUND_REQUEST' ? 'Cannot attend' : 'Too late'} ${counter}-${Date.now()}`,
      status: values.status ?? 'ACTIVE',
      order: values.order ?? 0,
    })
    .returning();
  if (!row) throw new Error('fixture reason');
  return row;
}

/**
 * Makes a fixture booking behave like one bought through checkout for refunds: a buyer's token the
 * test knows, each ticket's service fee from its line (insertBooking leaves `tickets.fee` 0), and the
 * sandbox provider's paid payment behind its payment reference (so the sandbox can refund it).
 */
export async function buyerAccess(db: DbOrTx, bookingId: string): Promise<string> {
  const access = newAccessToken();
  await db.update(bookings).set({ accessTokenHash: access.hash }).where(eq(bookings.id, bookingId));
  await db
    .update(tickets)
    .set({
      fee: sql`(select ${bookingLines.unitFee} from ${bookingLines} where ${bookingLines.bookingId} = ${tickets.bookingId} and ${bookingLines.ticketTypeId} = ${tickets.ticketTypeId} limit 1)`,
    })
    .where(eq(tickets.bookingId, bookingId));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (booking && payment?.providerRef) {
    await db.insert(sandboxPayments).values({
      id: payment.providerRef,
      paymentId: payment.id,
      bookingId,
      bookingCode: booking.code,
      description: `Order ${booking.code}`,
      amount: payment.amount,
      currency: payment.currency,
      applicationFee: payment.applicationFee,
      returnUrl: 'http://localhost/return',
      idempotencyKey: `fixture:${payment.id}`,
      status: 'SUCCEEDED',
      createdAt: booking.createdAt,
      paidAt: booking.confirmedAt,
    });
  }
  return access.token;
}

/** A buyer's request on tickets of a booking (default: all of them, REQUESTED, each for its price). */
export async function insertRefundRequest(
  db: DbOrTx,
  f: {
    booking: { id: string; eventId: string; organizationId: string };
    tickets: { id: string; price: number }[];
    status?: 'REQUESTED' | 'APPROVED' | 'DECLINED' | 'PROCESSED';
    reasonText?: string;
    note?: string | null;
    createdAt?: Date;
  },
) {
  const status = f.status ?? 'REQUESTED';
  const [request] = await db
    .insert(refundRequests)
    .values({
      bookingId: f.booking.id,
      eventId: f.booking.eventId,
      organizationId: f.booking.organizationId,
      status,
      reasonText: f.reasonText ?? 'Cannot attend',
      note: f.note ?? null,
      ...(f.createdAt ? { createdAt: f.createdAt, updatedAt: f.createdAt } : {}),
    })
    .returning();
  if (!request) throw new Error('fixture refund request');
  await db
    .insert(refundRequestTickets)
    .values(f.tickets.map((t) => ({ requestId: request.id, ticketId: t.id, status, amount: t.price })));
  return request;
}
