import { type BuyerBooking, formatAmount } from '@marquee/contract';
import type { Email, EmailAttachment } from '../../adapters/mailer/mailer.js';
import { dateLine } from '../../lib/date-line.js';
import { escapeHtml, PRODUCT_NAME } from '../../lib/templates.js';
import type { TicketDocument } from './queries/ticket-document.js';
import { placeOf } from './ticket-files/place.js';
import { ticketsCalendar } from './ticket-files/ticket-calendar.js';
import { ticketsPdf } from './ticket-files/ticket-pdf.js';
import { ticketQrPng } from './ticket-files/ticket-qr.js';

/** The buyer's ticket page (the web's `/e/<slug>/booking/<id>`), carrying the booking's access token. */
export function ticketPageUrl(
  publicUrl: string,
  booking: Pick<BuyerBooking, '_id'> & { event: Pick<BuyerBooking['event'], 'slug'> },
  token: string,
) {
  return `${publicUrl}/e/${encodeURIComponent(booking.event.slug)}/booking/${booking._id}?token=${encodeURIComponent(token)}`;
}

/** The files' names: `tickets-K7M2XQ4P.pdf`, `K7M2XQ4P.ics`. */
export const ticketFileNames = (code: string) => ({ pdf: `tickets-${code}.pdf`, ics: `${code}.ics` });

/** The `cid:` of ticket `index`'s QR image (an inline part of the email). */
const qrCid = (code: string, index: number) => `qr-${index + 1}-${code.toLowerCase()}@marquee`;

const P = 'margin:0 0 4px';

/**
 * The confirmation: order code, what was bought, each date in the event's zone (named), the place with
 * a map link (or the online link), the organizer (replies go to them), the ticket page link, and one
 * QR code per valid ticket as an inline image part (`cid:`; mail clients strip `data:` images), with
 * the tickets as a PDF and the dates as a calendar file attached.
 */
export async function confirmationEmail(
  booking: BuyerBooking,
  doc: TicketDocument,
  url: string,
  host: string,
): Promise<Email> {
  const money = (minor: number) => formatAmount(minor, booking.currency);
  const zone = doc.event.timeZone;
  const lines = booking.lines.map((line) => `${line.quantity} × ${line.name}`);
  const dates = doc.dates.map((date) => dateLine(date, zone));
  const place = placeOf(doc.event);
  const organizer = doc.organization.name;
  const files = ticketFileNames(doc.code);
  // Each QR image drawn once, for the inline part and the PDF's page (drawing them is most of the work).
  const images: Buffer[] = [];
  for (const ticket of doc.tickets) images.push(await ticketQrPng(ticket.code));
  const qrs: EmailAttachment[] = images.map((content, index) => ({
    filename: `ticket-${index + 1}-${doc.code}.png`,
    contentType: 'image/png',
    content,
    cid: qrCid(doc.code, index),
  }));
  const attachments: EmailAttachment[] = [
    ...qrs,
    { filename: files.pdf, contentType: 'application/pdf', content: await ticketsPdf(doc, images) },
    {
      filename: files.ics,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(ticketsCalendar(doc, url, host), 'utf8'),
    },
  ];
  const placeText =
    place.kind === 'online'
      ? `Online: ${place.url}`
      : `${place.label}${place.url ? `\nMap: ${place.url}` : ''}`;
  const subject = `Your tickets for ${booking.event.title} (${booking.code})`;
  const text = [
    `Your booking ${booking.code} is confirmed.`,
    '',
    booking.event.title,
    ...(organizer ? [`Organized by ${organizer}`] : []),
    '',
    dates.length > 1 ? 'Dates:' : 'When:',
    ...dates,
    '',
    doc.event.locationType === 'ONLINE' ? 'Where:' : 'Venue:',
    placeText,
    '',
    ...lines,
    `Total paid: ${money(booking.total)}`,
    '',
    `Your tickets: ${url}`,
    `Attached: your tickets as a PDF (${files.pdf}) and a calendar file (${files.ics}).`,
    '',
    ...doc.tickets.map(
      (t, i) => `Ticket ${i + 1}${t.attendeeName ? ` (${t.attendeeName})` : ''}: ${t.typeName} · ${t.code}`,
    ),
    '',
    organizer
      ? `Questions about the event? Reply to this email to reach ${organizer}.`
      : 'Questions about the event? Reply to this email.',
    '',
    PRODUCT_NAME,
  ].join('\n');
  const placeHtml =
    place.kind === 'online' && place.url
      ? `<p style="${P}">Online: <a href="${escapeHtml(place.url)}">${escapeHtml(place.url)}</a></p>`
      : `<p style="${P}">${escapeHtml(place.label)}</p>${place.url ? `<p style="${P}"><a href="${escapeHtml(place.url)}">Open in maps</a></p>` : ''}`;
  const ticketsHtml = doc.tickets
    .map(
      (t, i) =>
        `<div style="margin:0 0 16px"><p style="${P};font-weight:600">${escapeHtml(`Ticket ${i + 1}: ${t.typeName}${t.attendeeName ? ` — ${t.attendeeName}` : ''}`)}</p><img src="cid:${qrCid(doc.code, i)}" width="200" height="200" alt="${escapeHtml(`QR code of ticket ${i + 1}`)}" style="display:block"><p style="margin:4px 0 0;font-size:12px;color:#495057">${escapeHtml(t.code)}</p></div>`,
    )
    .join('');
  const section = (title: string, body: string) =>
    `<h2 style="font-size:14px;margin:16px 0 4px;color:#495057;text-transform:uppercase">${escapeHtml(title)}</h2>${body}`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(`Booking ${booking.code} confirmed`)}</h1><p style="${P};font-weight:600">${escapeHtml(booking.event.title)}</p>${organizer ? `<p style="${P}">${escapeHtml(`Organized by ${organizer}`)}</p>` : ''}${section(dates.length > 1 ? 'Dates' : 'When', dates.map((d) => `<p style="${P}">${escapeHtml(d)}</p>`).join(''))}${section(doc.event.locationType === 'ONLINE' ? 'Where' : 'Venue', placeHtml)}${section('Order', `${lines.map((l) => `<p style="${P}">${escapeHtml(l)}</p>`).join('')}<p style="margin:8px 0 0">${escapeHtml(`Total paid: ${money(booking.total)}`)}</p>`)}<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#364fc7;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">View your tickets</a></p><p style="margin:0 0 16px;font-size:13px;color:#495057">${escapeHtml(`Your tickets are attached as a PDF (${files.pdf}); add the event to your calendar with ${files.ics}.`)}</p>${ticketsHtml}<p style="margin:24px 0 0;font-size:12px;color:#495057">${escapeHtml(organizer ? `Questions about the event? Reply to this email to reach ${organizer}.` : 'Questions about the event? Reply to this email.')}</p><p style="margin:8px 0 0;font-size:12px;color:#495057">${PRODUCT_NAME}</p></div></body></html>`;
  return {
    to: booking.buyer.email,
    subject,
    text,
    html,
    ...(doc.organization.contactEmail ? { replyTo: doc.organization.contactEmail } : {}),
    attachments,
  };
}
