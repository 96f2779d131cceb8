import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type OrganizationRow, organizations } from '../../db/schema/index.js';

export type { OrganizationRow } from '../../db/schema/index.js';

/**
 * Records the provider's account on the organization unless one is recorded already: of calls racing
 * with the same (idempotent) provider answer, exactly one gets the row back and audits the creation.
 */
export async function claimPayoutAccount(
  db: DbOrTx,
  organizationId: string,
  accountId: string,
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ payoutAccountId: accountId, payoutStatus: 'PENDING', updatedAt: now })
    .where(and(eq(organizations.id, organizationId), isNull(organizations.payoutAccountId)))
    .returning();
  return row;
}

/** Stores a status read from the provider when it differs from the stored one; undefined when unchanged. */
export async function changePayoutStatus(
  db: DbOrTx,
  organizationId: string,
  from: OrganizationRow['payoutStatus'],
  to: OrganizationRow['payoutStatus'],
  now: Date,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ payoutStatus: to, updatedAt: now })
    .where(and(eq(organizations.id, organizationId), eq(organizations.payoutStatus, from)))
    .returning();
  return row;
}
