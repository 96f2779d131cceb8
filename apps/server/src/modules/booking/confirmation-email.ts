import { type BuyerBooking, formatAmount } from '@marquee/contract';
import QRCode from 'qrcode';
import type { Email } from '../../adapters/mailer/mailer.js';
import { escapeHtml, PRODUCT_NAME } from '../../lib/templates.js';

/** The buyer's ticket page (the web's `/e/<slug>/booking/<id>`), carrying the booking's access token. */
export function ticketPageUrl(
  publicUrl: string,
  booking: Pick<BuyerBooking, '_id' | 'event'>,
  token: string,
) {
  return `${publicUrl}/e/${encodeURIComponent(booking.event.slug)}/booking/${booking._id}?token=${encodeURIComponent(token)}`;
}

/**
 * The confirmation: order code, what was bought, the ticket page link and one QR code per ticket as an
 * inline PNG (a data: URL, so the email needs no image host; clients that block them still have the link).
 */
export async function confirmationEmail(booking: BuyerBooking, url: string): Promise<Email> {
  const money = (minor: number) => formatAmount(minor, booking.currency);
  const lines = booking.lines.map((line) => `${line.quantity} × ${line.name}`);
  const qrs = await Promise.all(
    booking.tickets.map((ticket) => QRCode.toDataURL(ticket.code, { margin: 1, width: 200 })),
  );
  const subject = `Your tickets for ${booking.event.title} (${booking.code})`;
  const text = [
    `Your booking ${booking.code} is confirmed.`,
    '',
    booking.event.title,
    ...lines,
    `Total paid: ${money(booking.total)}`,
    '',
    `Your tickets: ${url}`,
    '',
    ...booking.tickets.map(
      (t, i) => `Ticket ${i + 1}${t.attendeeName ? ` (${t.attendeeName})` : ''}: ${t.code}`,
    ),
    '',
    `${PRODUCT_NAME}`,
  ].join('\n');
  const ticketsHtml = booking.tickets
    .map(
      (t, i) =>
        `<div style="margin:0 0 16px"><p style="margin:0 0 4px;font-weight:600">${escapeHtml(`Ticket ${i + 1}: ${t.ticketTypeName}${t.attendeeName ? ` — ${t.attendeeName}` : ''}`)}</p><img src="${qrs[i]}" width="200" height="200" alt="${escapeHtml(`QR code of ticket ${i + 1}`)}"></div>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(`Booking ${booking.code} confirmed`)}</h1><p style="margin:0 0 8px;font-weight:600">${escapeHtml(booking.event.title)}</p>${lines.map((l) => `<p style="margin:0 0 4px">${escapeHtml(l)}</p>`).join('')}<p style="margin:8px 0 16px">${escapeHtml(`Total paid: ${money(booking.total)}`)}</p><p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#364fc7;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">View your tickets</a></p>${ticketsHtml}<p style="margin:24px 0 0;font-size:12px;color:#495057">${PRODUCT_NAME}</p></div></body></html>`;
  return { to: booking.buyer.email, subject, text, html };
}
