import { WAITING_LIST_STATUS_LABELS } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { timeCell } from '../../../lib/export/cells.js';
import { csvLine, UTF8_BOM } from '../../../lib/export/csv.js';
import { allEntriesOf } from './entry-list.js';

const HEADER = [
  'Date',
  'Ticket type',
  'Position',
  'Name',
  'Email',
  'Tickets',
  'Status',
  'Offered seats',
  'Offer until',
  'Joined',
];

/** waiting-list-export: every entry in line order, times in the event's zone. */
export async function waitingListCsv(
  db: DbOrTx,
  event: { id: string; timeZone: string | null; slug: string | null },
) {
  const zone = event.timeZone ?? 'UTC';
  const rows = await allEntriesOf(db, event.id);
  const lines = rows.map((row) =>
    csvLine([
      row.occurrence ? timeCell(row.occurrence.startsAt, zone) : null,
      row.ticketType.name,
      row.position,
      row.name,
      row.email,
      row.quantity,
      WAITING_LIST_STATUS_LABELS[row.status],
      row.offeredQuantity,
      row.offerExpiresAt ? timeCell(row.offerExpiresAt, zone) : null,
      timeCell(row.createdAt, zone),
    ]),
  );
  return {
    fileName: `waiting-list-${event.slug ?? event.id}.csv`,
    body: UTF8_BOM + csvLine(HEADER) + lines.join(''),
  };
}
