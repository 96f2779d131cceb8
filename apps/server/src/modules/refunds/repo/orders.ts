import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, tickets } from '../../../db/schema/index.js';

/** The orders a bulk refund names, with their event (to hold them to the event the call names). */
export async function ordersByIds(dbx: DbOrTx, ids: string[]) {
  return dbx
    .select({ id: bookings.id, code: bookings.code, currency: bookings.currency, eventId: bookings.eventId })
    .from(bookings)
    .where(inArray(bookings.id, ids));
}

/** The tickets a bulk refund names, in the order they were sold. */
export async function ticketsByIds(dbx: DbOrTx, ids: string[]) {
  return dbx
    .select({ id: tickets.id, bookingId: tickets.bookingId, eventId: tickets.eventId })
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}
