import type { PromoCodeSummary } from '@marquee/contract';
import type { PromoCodeRow, PromoCodeWithStats } from './repo/codes.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toSummary(
  row: PromoCodeRow & Partial<Pick<PromoCodeWithStats, 'orders' | 'revenue' | 'discountGiven'>>,
  currency: string,
): PromoCodeSummary {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    ticketTypeIds: row.ticketTypeIds,
    occurrenceIds: row.occurrenceIds,
    validFrom: iso(row.validFrom),
    validUntil: iso(row.validUntil),
    maxUses: row.maxUses,
    maxUsesPerBuyer: row.maxUsesPerBuyer,
    uses: row.uses,
    status: row.status,
    batchId: row.batchId,
    orders: row.orders ?? 0,
    revenue: row.revenue ?? 0,
    discountGiven: row.discountGiven ?? 0,
    currency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of a code. */
export function auditOf(row: PromoCodeRow) {
  return {
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    ticketTypeIds: row.ticketTypeIds,
    occurrenceIds: row.occurrenceIds,
    validFrom: iso(row.validFrom),
    validUntil: iso(row.validUntil),
    maxUses: row.maxUses,
    maxUsesPerBuyer: row.maxUsesPerBuyer,
    status: row.status,
  };
}
