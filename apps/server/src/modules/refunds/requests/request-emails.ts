import { isCurrencyCode, minorDigits } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { Email, Mailer } from '../../../adapters/mailer/mailer.js';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, events, type RefundRow } from '../../../db/schema/index.js';
import { PRODUCT_NAME } from '../../../lib/templates.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function formatMoney(minor: number, currency: string) {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

interface Letter {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  link: { url: string; label: string };
}

/** The same plain layout as the booking confirmation (text and HTML with one button). */
function render(letter: Letter): Email {
  const text = [...letter.paragraphs, `${letter.link.label}: ${letter.link.url}`, PRODUCT_NAME].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(letter.heading)}</h1>${letter.paragraphs.map((p) => `<p style="margin:0 0 8px">${escapeHtml(p)}</p>`).join('')}<p style="margin:24px 0"><a href="${escapeHtml(letter.link.url)}" style="background:#364fc7;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(letter.link.label)}</a></p><p style="margin:24px 0 0;font-size:12px;color:#495057">${PRODUCT_NAME}</p></div></body></html>`;
  return { to: letter.to, subject: letter.subject, text, html };
}

interface BookingFacts {
  id: string;
  code: string;
  buyerEmail: string;
  currency: string;
  eventTitle: string;
  eventSlug: string;
}

async function factsOf(db: DbOrTx, bookingId: string): Promise<BookingFacts | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      buyerEmail: bookings.buyerEmail,
      currency: bookings.currency,
      eventTitle: events.title,
      eventSlug: events.slug,
      eventId: events.id,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  return row ? { ...row, eventSlug: row.eventSlug ?? row.eventId } : null;
}

/**
 * The buyer's emails about refund requests and refunds. The ticket page needs the booking's token,
 * which is stored hashed: only the request-received email (sent while the buyer's call carries the
 * token) links to it; the organizer's decisions and refunds link to the event's public page and name
 * the order code, and the buyer reopens their tickets from the confirmation email.
 */
export function createRequestEmails(deps: { db: DbOrTx; mailer: Mailer; publicUrl: string }) {
  const { db, mailer, publicUrl } = deps;
  const ticketPage = (f: BookingFacts, token: string) =>
    `${publicUrl}/e/${encodeURIComponent(f.eventSlug)}/booking/${f.id}?token=${encodeURIComponent(token)}`;
  const eventPage = (f: BookingFacts) => ({
    url: `${publicUrl}/e/${encodeURIComponent(f.eventSlug)}`,
    label: 'View the event',
  });

  async function send(bookingId: string, write: (f: BookingFacts) => Letter) {
    const facts = await factsOf(db, bookingId);
    if (facts) await mailer.send(render(write(facts)));
  }

  return {
    received: (bookingId: string, token: string, amount: number, automatic: boolean) =>
      send(bookingId, (f) => ({
        to: f.buyerEmail,
        subject: `We received your refund request (${f.code})`,
        heading: 'Refund request received',
        paragraphs: [
          `Your request for a refund of ${formatMoney(amount, f.currency)} on order ${f.code} for ${f.eventTitle} has been received.`,
          automatic
            ? 'The organizer approves requests automatically; you will get another email when the money is on its way.'
            : 'The organizer will review it; you will get an email when they decide.',
        ],
        link: { url: ticketPage(f, token), label: 'View your tickets' },
      })),

    approved: (bookingId: string, amount: number) =>
      send(bookingId, (f) => ({
        to: f.buyerEmail,
        subject: `Your refund request was approved (${f.code})`,
        heading: 'Refund request approved',
        paragraphs: [
          `The organizer of ${f.eventTitle} approved a refund of ${formatMoney(amount, f.currency)} on order ${f.code}.`,
          'The refund is being processed; you will get an email when it is done.',
        ],
        link: eventPage(f),
      })),

    declined: (bookingId: string, reason: string, note: string | null) =>
      send(bookingId, (f) => ({
        to: f.buyerEmail,
        subject: `Your refund request was declined (${f.code})`,
        heading: 'Refund request declined',
        paragraphs: [
          `The organizer of ${f.eventTitle} declined your refund request on order ${f.code}.`,
          `Reason: ${reason}`,
          ...(note ? [`Note from the organizer: ${note}`] : []),
        ],
        link: eventPage(f),
      })),

    processed: (refund: RefundRow) =>
      send(refund.bookingId, (f) => ({
        to: f.buyerEmail,
        subject: `Your refund has been processed (${f.code})`,
        heading: 'Refund processed',
        paragraphs: [
          refund.source === 'BUYER_REQUEST'
            ? `The organizer of ${f.eventTitle} approved your refund request: ${formatMoney(refund.amount, refund.currency)} has been refunded on order ${f.code}.`
            : `${formatMoney(refund.amount, refund.currency)} has been refunded on order ${f.code} for ${f.eventTitle}.`,
          'It goes back to the card you paid with; your bank may take a few days to show it. Refunded tickets no longer admit entry.',
        ],
        link: eventPage(f),
      })),
  };
}

export type RequestEmails = ReturnType<typeof createRequestEmails>;
