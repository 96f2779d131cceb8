import type { TicketRow } from '@marquee/contract';
import { emptySelectionMessage } from '@marquee/contract';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { tickets } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';
import {
  parseIdList,
  TICKET_ORDER,
  type TicketRowData,
  ticketsFrom,
  toTicketRow,
} from '../../order-reads/index.js';

/**
 * view-ticket-list: the chosen tickets (by ticket or order ids) of one event. Ids of other events, or
 * that do not exist, are simply not in the answer.
 */
export async function viewTickets(
  db: Db,
  query: { eventId: string; ticketIds?: string; bookingIds?: string },
): Promise<TicketRow[]> {
  const ticketIds = parseIdList(query.ticketIds, 'ticketIds') ?? [];
  const bookingIds = parseIdList(query.bookingIds, 'bookingIds') ?? [];
  if (!ticketIds.length && !bookingIds.length) {
    const message = emptySelectionMessage('view ticket');
    throw badRequest(message, [{ field: 'ticketIds', message }]);
  }
  const chosen: SQL[] = [];
  if (ticketIds.length) chosen.push(inArray(tickets.id, ticketIds));
  if (bookingIds.length) chosen.push(inArray(tickets.bookingId, bookingIds));
  const rows = (await ticketsFrom(db)
    .where(and(eq(tickets.eventId, query.eventId), or(...chosen)))
    .orderBy(...TICKET_ORDER, tickets.id)) as TicketRowData[];
  return rows.map(toTicketRow);
}
