import type { AdminBookingDetail } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { bookings, payments, refunds, scans, tickets, users } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { orderDetail } from '../../order-reads/index.js';
import { displayName } from './user-rows.js';

/** get-admin-booking-detail: an order as the organizer sees it, with every payment, refund and scan and who made them. */
export async function userOrderDetail(db: Db, bookingId: string): Promise<AdminBookingDetail> {
  const [exists] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!exists) throw new AppError(404, 'Order not found.');
  const refunder = alias(users, 'refunder');
  const scanner = alias(users, 'scanner');
  const [order, paymentRows, refundRows, scanRows] = await Promise.all([
    orderDetail(db, bookingId),
    db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ refund: refunds, by: refunder })
      .from(refunds)
      .leftJoin(refunder, eq(refunder.id, refunds.initiatedBy))
      .where(eq(refunds.bookingId, bookingId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select({ scan: scans, by: scanner })
      .from(scans)
      .innerJoin(tickets, eq(tickets.id, scans.ticketId))
      .leftJoin(scanner, eq(scanner.id, scans.scannedBy))
      .where(eq(tickets.bookingId, bookingId))
      .orderBy(asc(scans.scannedAt), asc(scans.id)),
  ]);
  const person = (u: typeof users.$inferSelect | null) => (u ? { _id: u.id, name: displayName(u) } : null);
  return {
    ...order,
    payments: paymentRows.map((p) => ({
      _id: p.id,
      provider: p.provider,
      reference: p.providerRef,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: refundRows.map(({ refund, by }) => ({
      _id: refund.id,
      status: refund.status,
      source: refund.source,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
      by: person(by),
    })),
    scans: scanRows.map(({ scan, by }) => ({
      _id: scan.id,
      ticketId: scan.ticketId,
      result: scan.result,
      source: scan.source,
      scannedAt: scan.scannedAt.toISOString(),
      by: person(by),
      deviceId: scan.deviceId,
    })),
  };
}
