import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { sandboxPayments, sandboxRefunds } from '../../db/schema/index.js';
import type { SandboxPayment } from './sandbox-payments.repo.js';

export type SandboxRefund = typeof sandboxRefunds.$inferSelect;

/** The payment to refund, locked until the transaction ends: refunds of one payment queue behind it. */
export async function lockSandboxPayment(tx: Tx, paymentId: string): Promise<SandboxPayment | undefined> {
  const [payment] = await tx
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, paymentId))
    .for('update');
  return payment;
}

/** The refund already made with this idempotency key, if any. */
export async function findSandboxRefundByKey(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<SandboxRefund | undefined> {
  const [refund] = await db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return refund;
}

/** What the payment's succeeded refunds add up to (minor units). */
export async function sandboxRefundedTotal(db: DbOrTx, paymentId: string): Promise<number> {
  const [{ refunded = 0 } = {}] = await db
    .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.paymentId, paymentId), eq(sandboxRefunds.status, 'SUCCEEDED')));
  return refunded;
}

export async function insertSandboxRefund(
  db: DbOrTx,
  refund: typeof sandboxRefunds.$inferInsert,
): Promise<SandboxRefund | undefined> {
  const [row] = await db.insert(sandboxRefunds).values(refund).returning();
  return row;
}
