import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxPayoutAccounts } from '../../db/schema/index.js';

export type SandboxAccount = typeof sandboxPayoutAccounts.$inferSelect;

/** A hashed bearer secret and when it stops being valid. */
interface HashedSecret {
  hash: string;
  expiresAt: Date;
}

export async function findSandboxAccount(db: DbOrTx, accountId: string): Promise<SandboxAccount | undefined> {
  const [row] = await db.select().from(sandboxPayoutAccounts).where(eq(sandboxPayoutAccounts.id, accountId));
  return row;
}

/**
 * Creates the organization's account unless it has one, then reads back the one it has: however many
 * calls race, the unique index on the organization decides and every caller gets the account that won.
 */
export async function createSandboxAccountOnce(
  db: DbOrTx,
  account: {
    id: string;
    organizationId: string;
    email: string | null;
    country: string | null;
    createdAt: Date;
  },
): Promise<{ id: string } | undefined> {
  await db
    .insert(sandboxPayoutAccounts)
    .values(account)
    .onConflictDoNothing({ target: sandboxPayoutAccounts.organizationId });
  const [row] = await db
    .select({ id: sandboxPayoutAccounts.id })
    .from(sandboxPayoutAccounts)
    .where(eq(sandboxPayoutAccounts.organizationId, account.organizationId));
  return row;
}

/** Replaces the account's onboarding link (and where it returns to or refreshes from). */
export async function setSandboxOnboardingLink(
  db: DbOrTx,
  accountId: string,
  link: HashedSecret & { returnUrl: string; refreshUrl: string },
): Promise<void> {
  await db
    .update(sandboxPayoutAccounts)
    .set({
      linkTokenHash: link.hash,
      linkReturnUrl: link.returnUrl,
      linkRefreshUrl: link.refreshUrl,
      linkExpiresAt: link.expiresAt,
    })
    .where(eq(sandboxPayoutAccounts.id, accountId));
}

/** Replaces the account's dashboard link. */
export async function setSandboxDashboardLink(
  db: DbOrTx,
  accountId: string,
  link: HashedSecret,
): Promise<void> {
  await db
    .update(sandboxPayoutAccounts)
    .set({ dashboardTokenHash: link.hash, dashboardExpiresAt: link.expiresAt })
    .where(eq(sandboxPayoutAccounts.id, accountId));
}

/** Gives the onboarding page shown a new nonce (the one before stops working). */
export async function setSandboxOnboardingNonce(
  db: DbOrTx,
  accountId: string,
  nonce: HashedSecret,
): Promise<void> {
  await db
    .update(sandboxPayoutAccounts)
    .set({ nonceHash: nonce.hash, nonceExpiresAt: nonce.expiresAt })
    .where(eq(sandboxPayoutAccounts.id, accountId));
}

/**
 * Marks the account ACTIVE and spends the nonce and the link, in one guarded update: a nonce completes
 * onboarding once, even with two submissions at once (undefined for the other, or for a spent or
 * expired nonce).
 */
export async function completeSandboxOnboarding(
  db: DbOrTx,
  sent: { accountId: string; nonceHash: string; now: Date },
): Promise<SandboxAccount | undefined> {
  const [done] = await db
    .update(sandboxPayoutAccounts)
    .set({
      status: 'ACTIVE',
      onboardedAt: sent.now,
      nonceHash: null,
      nonceExpiresAt: null,
      linkTokenHash: null,
      linkExpiresAt: null,
    })
    .where(
      and(
        eq(sandboxPayoutAccounts.id, sent.accountId),
        eq(sandboxPayoutAccounts.nonceHash, sent.nonceHash),
        gt(sandboxPayoutAccounts.nonceExpiresAt, sent.now),
      ),
    )
    .returning();
  return done;
}
