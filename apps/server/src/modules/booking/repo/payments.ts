import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { paymentMachine } from './machines.js';

export type PaymentRow = typeof payments.$inferSelect;

/** What the provider answered when the payment was started (its reference and where the buyer pays). */
export async function recordStartedPayment(
  db: DbOrTx,
  paymentId: string,
  started: { providerRef: string; redirectUrl: string | null; clientSecret: string | null },
  now: Date,
) {
  await db
    .update(payments)
    .set({
      providerRef: started.providerRef,
      redirectUrl: started.redirectUrl,
      clientSecret: started.clientSecret,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

/** The payment a provider's reference names (provider and reference are unique together). */
export async function paymentByRef(db: DbOrTx, provider: string, providerRef: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row ?? null;
}

/** The payment while it is still PENDING (unlocked: its amount and currency never change). */
export async function pendingPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
  return row ?? null;
}

export async function pendingPaymentIdsOf(db: DbOrTx, bookingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'PENDING')));
  return rows.map((row) => row.id);
}

/** The payment's verdict, once: PENDING → SUCCEEDED or FAILED; null when it was settled already. */
export function settlePaymentRow(
  change: Change,
  paymentId: string,
  to: 'SUCCEEDED' | 'FAILED',
  failureReason: string | null,
) {
  return transition(change, paymentMachine, {
    id: paymentId,
    to,
    from: ['PENDING'],
    set: { failureReason, updatedAt: change.now },
  });
}
