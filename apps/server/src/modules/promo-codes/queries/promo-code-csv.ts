import type { DbOrTx } from '../../../db/client.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { type Cell, moneyCell } from '../../../lib/export/cells.js';
import { csvLine, UTF8_BOM } from '../../../lib/export/csv.js';
import { codesOfEvent } from '../repo/codes.js';

const HEADERS = [
  'Code',
  'Kind',
  'Amount',
  'Uses',
  'Limit',
  'Per buyer',
  'Status',
  'Valid from',
  'Valid until',
  'Orders',
  'Revenue',
  'Discount given',
  'Currency',
];

/** The codes of an event (or of one bulk creation) as CSV, at most 100,000 rows. */
export async function promoCodeCsv(db: DbOrTx, grant: EventGrant, batchId?: string) {
  const currency = grant.organization.currency;
  const { rows } = await codesOfEvent(db, grant.event.id, { page: 1, limit: 100_000, batchId });
  const lines = [csvLine(HEADERS)];
  for (const row of rows) {
    const cells: Cell[] = [
      row.code,
      row.kind,
      row.kind === 'FIXED' ? moneyCell(row.amount, currency) : row.amount,
      row.uses,
      row.maxUses,
      row.maxUsesPerBuyer,
      row.status,
      row.validFrom?.toISOString() ?? null,
      row.validUntil?.toISOString() ?? null,
      row.orders,
      moneyCell(row.revenue, currency),
      moneyCell(row.discountGiven, currency),
      currency,
    ];
    lines.push(csvLine(cells));
  }
  const slug = grant.event.slug ?? grant.event.id;
  return {
    fileName: `promo-codes-${slug}${batchId ? `-${batchId.slice(0, 8)}` : ''}.csv`,
    body: UTF8_BOM + lines.join(''),
  };
}
