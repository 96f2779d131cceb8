import { type FeeRate, quoteFees } from '../events/index.js';
import type { EventTicketTypeRow, OrganizationRow } from './queries/sale-view.js';

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
