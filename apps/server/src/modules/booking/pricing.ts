import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type EventTicketTypeRow, nonProfitExemptions, type OrganizationRow } from '../../db/schema/index.js';
import { type FeeRate, quoteFees } from '../events/fees.js';

/** Owners (user ids) among `ownerIds` with an approved non-profit exemption: their fee is waived. */
export async function waivedOwners(db: DbOrTx, ownerIds: string[]): Promise<Set<string>> {
  if (ownerIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: nonProfitExemptions.userId })
    .from(nonProfitExemptions)
    .where(and(inArray(nonProfitExemptions.userId, ownerIds), eq(nonProfitExemptions.status, 'APPROVED')));
  return new Set(rows.map((row) => row.userId));
}

export interface Pricing {
  currency: string;
  paidBy: OrganizationRow['serviceFeePaidBy'];
  waived: boolean;
  rate: FeeRate;
}

/**
 * One unit of a ticket type at `price` (a donation: the amount given), through the events module's
 * `quoteFees`, the only fee formula: `fee` is the platform's share, `buyerFee` what the buyer adds.
 */
export function unitQuote(pricing: Pricing, type: Pick<EventTicketTypeRow, 'pricing'>, price: number) {
  const quote = quoteFees({
    items: [{ key: 'unit', pricing: type.pricing, price }],
    currency: pricing.currency,
    paidBy: pricing.paidBy,
    waived: pricing.waived,
    rate: pricing.rate,
  });
  const item = quote.items[0];
  const fee = item?.serviceFee ?? 0;
  return { fee, buyerFee: pricing.paidBy === 'BUYER' ? fee : 0, buyerPays: item?.buyerPays ?? price };
}
