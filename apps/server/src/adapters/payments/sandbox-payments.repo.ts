import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
type NewSandboxPayment = Omit<
  typeof sandboxPayments.$inferInsert,
  'status' | 'failureReason' | 'linkTokenHash' | 'linkExpiresAt' | 'nonceHash' | 'nonceExpiresAt'
>;
/** A hashed bearer secret and when it stops being valid. */
interface HashedSecret {
  hash: string;
  expiresAt: Date;
}
/** The card page's nonce as the form sent it back (hashed), checked at `now`. */
interface SentNonce {
  providerRef: string;
  nonceHash: string;
  now: Date;
}

/** The page's nonce still unspent and unexpired, on a payment still waiting for its card. */
const usable = ({ providerRef, nonceHash, now }: SentNonce) =>
  and(
    eq(sandboxPayments.id, providerRef),
    eq(sandboxPayments.nonceHash, nonceHash),
    gt(sandboxPayments.nonceExpiresAt, now),
    eq(sandboxPayments.status, 'REQUIRES_PAYMENT'),
  );

export async function findSandboxPayment(
  db: DbOrTx,
  providerRef: string,
): Promise<SandboxPayment | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerRef));
  return row;
}

/**
 * Records the payment unless its idempotency key was used already, then reads back the one that key
 * holds: however many calls race, the unique index decides and every caller gets the winner.
 */
export async function createSandboxPaymentOnce(
  db: DbOrTx,
  payment: NewSandboxPayment,
): Promise<SandboxPayment | undefined> {
  await db
    .insert(sandboxPayments)
    .values(payment)
    .onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, payment.idempotencyKey));
  return row;
}

/** Replaces the payment's card page link. */
export async function setSandboxPaymentLink(
  db: DbOrTx,
  providerRef: string,
  link: HashedSecret,
): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ linkTokenHash: link.hash, linkExpiresAt: link.expiresAt })
    .where(eq(sandboxPayments.id, providerRef));
}

/** Gives the card page a new nonce; undefined when the payment is gone. */
export async function setSandboxPaymentNonce(
  db: DbOrTx,
  providerRef: string,
  nonce: HashedSecret,
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ nonceHash: nonce.hash, nonceExpiresAt: nonce.expiresAt })
    .where(eq(sandboxPayments.id, providerRef))
    .returning();
  return row;
}

/**
 * Spends the sent nonce and gives the page a fresh one, in one guarded update: undefined when the sent
 * nonce was already spent, has expired or the payment no longer waits for a card.
 */
export async function replaceSandboxPaymentNonce(
  db: DbOrTx,
  sent: SentNonce,
  fresh: HashedSecret,
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ nonceHash: fresh.hash, nonceExpiresAt: fresh.expiresAt })
    .where(usable(sent))
    .returning();
  return row;
}

/**
 * Records the card's outcome and spends the nonce, in one guarded update: a nonce pays once, even with
 * two submissions at once (undefined for the other, or for a spent or expired nonce).
 */
export async function paySandboxPaymentWithNonce(
  db: DbOrTx,
  sent: SentNonce,
  paid: {
    status: 'SUCCEEDED' | 'FAILED' | 'PROCESSING';
    failureReason: string | null;
    cardLast4: string;
    paidAt: Date;
  },
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ ...paid, nonceHash: null, nonceExpiresAt: null })
    .where(usable(sent))
    .returning();
  return row;
}

/** Fails a payment still PROCESSING (the delayed-failure card); undefined when it has moved on. */
export async function failProcessingSandboxPayment(
  db: DbOrTx,
  providerRef: string,
  failureReason: string,
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: 'FAILED', failureReason })
    .where(and(eq(sandboxPayments.id, providerRef), eq(sandboxPayments.status, 'PROCESSING')))
    .returning();
  return row;
}
