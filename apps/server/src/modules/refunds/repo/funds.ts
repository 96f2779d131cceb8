import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { ledgerEntries, refunds } from '../../../db/schema/index.js';

/**
 * Serialises every change to what the platform holds for one organization in one currency (refund
 * reservations, payouts, due payments) for the rest of the transaction. Take it after the booking
 * row's lock, never before, so two refunds cannot wait on each other in opposite orders.
 */
export async function lockOrganizationFunds(tx: Tx, organizationId: string, currency: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`funds:${organizationId}:${currency}`}, 0))`,
  );
}

/**
 * What the platform still holds for the organization in that currency: its ORGANIZER_PAYABLE balance
 * (sales credited, less refunds and payouts posted, plus dues paid in) less the organizer parts of
 * refunds reserved but not yet confirmed by the provider.
 */
export async function organizerHeld(db: DbOrTx, organizationId: string, currency: string): Promise<number> {
  const [ledger] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.currency, currency),
        eq(ledgerEntries.account, 'ORGANIZER_PAYABLE'),
      ),
    );
  const [pending] = await db
    .select({ reserved: sql<string>`coalesce(sum(${refunds.organizerPart}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.organizationId, organizationId),
        eq(refunds.currency, currency),
        eq(refunds.status, 'PENDING'),
      ),
    );
  // `|| 0` turns -0 into 0: a balance, not a signed zero.
  return -Number(ledger?.balance ?? 0) - Number(pending?.reserved ?? 0) || 0;
}
