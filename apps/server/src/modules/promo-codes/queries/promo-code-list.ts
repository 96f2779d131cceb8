import type { PromoCodeSummary } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { codesOfEvent } from '../repo/codes.js';
import { toSummary } from '../summary.js';

export async function promoCodeList(
  db: DbOrTx,
  grant: EventGrant,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ items: PromoCodeSummary[]; total: number; page: number; limit: number }> {
  const { rows, total } = await codesOfEvent(db, grant.event.id, query);
  return {
    items: rows.map((row) => toSummary(row, grant.organization.currency)),
    total,
    page: query.page,
    limit: query.limit,
  };
}
