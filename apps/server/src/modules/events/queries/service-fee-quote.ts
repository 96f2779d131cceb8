import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { nonProfitExemptions, type OrganizationRow } from '../../../db/schema/index.js';
import { type FeeRate, quoteFees } from '../fees.js';

/** calculate-service-fee: the organization's fee terms, waived for an owner with an approved exemption. */
export async function quoteServiceFee(
  db: DbOrTx,
  rate: FeeRate,
  organization: OrganizationRow,
  items: { key: string; pricing: 'PAID' | 'FREE' | 'DONATION'; price: number }[],
) {
  const [exemption] = await db
    .select({ userId: nonProfitExemptions.userId })
    .from(nonProfitExemptions)
    .where(
      and(eq(nonProfitExemptions.userId, organization.ownerId), eq(nonProfitExemptions.status, 'APPROVED')),
    );
  return quoteFees({
    items,
    currency: organization.currency,
    paidBy: organization.serviceFeePaidBy,
    waived: exemption !== undefined,
    rate,
  });
}
