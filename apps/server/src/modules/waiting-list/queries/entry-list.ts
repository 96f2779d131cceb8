import type { WaitingListEntry, WaitingListQuery } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { WaitingListEntryRow } from '../repo/entries.js';

type ListRow = {
  id: string;
  position: number | null;
  name: string;
  email: string;
  quantity: number;
  offeredQuantity: number;
  status: WaitingListEntry['status'];
  offerExpiresAt: string | null;
  occurrenceId: string | null;
  occurrenceStartsAt: string | null;
  ticketTypeId: string;
  ticketTypeName: string;
  bookingId: string | null;
  createdAt: string;
  total?: number;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function toItem(row: ListRow): WaitingListEntry {
  return {
    _id: row.id,
    position: row.position,
    name: row.name,
    email: row.email,
    quantity: row.quantity,
    offeredQuantity: row.offeredQuantity,
    status: row.status,
    offerExpiresAt: row.status === 'OFFERED' ? iso(row.offerExpiresAt) : null,
    occurrence:
      row.occurrenceId && row.occurrenceStartsAt
        ? { _id: row.occurrenceId, startsAt: iso(row.occurrenceStartsAt) as string }
        : null,
    ticketType: { _id: row.ticketTypeId, name: row.ticketTypeName },
    bookingId: row.bookingId,
    createdAt: iso(row.createdAt) as string,
  };
}

/** Line order per date and type; the place counts only those still waiting on the same line. */
function listSql(where: ReturnType<typeof sql>, page: { limit: number; offset: number } | null) {
  return sql`
    select w.id, w.name, w.email, w.quantity, w.offered_quantity as "offeredQuantity", w.status,
      w.offer_expires_at as "offerExpiresAt", w.occurrence_id as "occurrenceId",
      o.starts_at as "occurrenceStartsAt", w.ticket_type_id as "ticketTypeId", t.name as "ticketTypeName",
      w.booking_id as "bookingId", w.created_at as "createdAt",
      case when w.status = 'WAITING' then (row_number() over (
        partition by w.inventory_id, (w.status = 'WAITING') order by w.seq))::int end as position,
      t.position as "typePosition", w.seq
    from waiting_list_entries w
    join event_ticket_types t on t.id = w.ticket_type_id
    left join event_occurrences o on o.id = w.occurrence_id
    where ${where}
    order by o.starts_at nulls first, t.position, t.name, w.seq
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

export async function waitingListEntryList(
  db: DbOrTx,
  query: WaitingListQuery & { page: number; limit: number },
) {
  // The place is counted over the whole line, before the filters narrow what is shown.
  const filters = [
    query.occurrenceId ? sql`occurrence_id = ${query.occurrenceId}` : null,
    query.ticketTypeId ? sql`ticket_type_id = ${query.ticketTypeId}` : null,
    query.status ? sql`status = ${query.status}` : null,
  ].filter((f) => f !== null);
  const inner = listSql(sql`w.event_id = ${query.eventId}`, null);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const rows = await db.execute<ListRow>(sql`
    select *, (count(*) over ())::int as total from (${inner}) line ${where}
    order by "occurrenceStartsAt" nulls first, "typePosition", "ticketTypeName", seq
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  return {
    items: rows.rows.map(toItem),
    total: rows.rows[0]?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** Every entry of an event in line order (the export). */
export async function allEntriesOf(db: DbOrTx, eventId: string): Promise<WaitingListEntry[]> {
  const rows = await db.execute<ListRow>(listSql(sql`w.event_id = ${eventId}`, null));
  return rows.rows.map(toItem);
}

/** One entry as the list shows it (the answer of an organizer's action). */
export async function entryListItem(db: DbOrTx, entry: WaitingListEntryRow): Promise<WaitingListEntry> {
  const rows = await db.execute<ListRow>(listSql(sql`w.inventory_id = ${entry.inventoryId}`, null));
  const row = rows.rows.find((r) => r.id === entry.id);
  if (!row) throw new Error('the waiting list entry is gone');
  return toItem(row);
}
