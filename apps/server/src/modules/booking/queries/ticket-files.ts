import { TICKET_FILE_MESSAGES } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { conflict } from '../../../lib/errors.js';
import type { FileAnswer } from '../../../lib/route.js';
import { ticketFileNames, ticketPageUrl } from '../confirmation-email.js';
import { bookingByToken } from '../repo/orders.js';
import { ticketsCalendar } from '../ticket-files/ticket-calendar.js';
import { ticketsPdf } from '../ticket-files/ticket-pdf.js';
import { loadTicketDocument, type TicketDocument } from './ticket-document.js';

/** The confirmed booking the token opens (404 for any other pair, 409 before it is confirmed). */
async function confirmedDocument(db: DbOrTx, bookingId: string, token: string): Promise<TicketDocument> {
  const booking = await bookingByToken(db, bookingId, token);
  if (booking.status !== 'CONFIRMED') throw conflict(TICKET_FILE_MESSAGES.notConfirmed);
  return loadTicketDocument(db, booking);
}

/** booking-tickets-pdf: the ticket page's "Download PDF". */
export async function bookingTicketsPdf(
  db: DbOrTx,
  query: { bookingId: string; token: string },
): Promise<FileAnswer> {
  const doc = await confirmedDocument(db, query.bookingId, query.token);
  return { fileName: ticketFileNames(doc.code).pdf, body: await ticketsPdf(doc) };
}

/** booking-calendar: the ticket page's "Add to calendar" file, linking back to the page. */
export async function bookingCalendar(
  db: DbOrTx,
  publicUrl: string,
  query: { bookingId: string; token: string },
): Promise<FileAnswer> {
  const doc = await confirmedDocument(db, query.bookingId, query.token);
  const page = ticketPageUrl(publicUrl, { _id: doc.bookingId, event: { slug: doc.event.slug } }, query.token);
  return {
    fileName: ticketFileNames(doc.code).ics,
    body: ticketsCalendar(doc, page, new URL(publicUrl).host),
  };
}
