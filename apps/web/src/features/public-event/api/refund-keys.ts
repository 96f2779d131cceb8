import { getRefundOptions } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What the refund policy allows for a booking, its requests and refunds (the booking page's refund
 * section). Apart from keys.ts, so the event page a buyer opens does not load and build the refunds
 * contract's schemas (docs/performance.md, "The bench, eighth round").
 */
export const buyerRefundKeys = queryKeys('buyer-refunds', { options: getRefundOptions });
