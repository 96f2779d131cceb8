import { formatAmount } from '@marquee/contract';
import type { Email, Mailer } from '../../../adapters/mailer/mailer.js';
import type { DbOrTx } from '../../../db/client.js';
import { composeEmail } from '../../../lib/templates.js';
import { type BookingFacts, bookingFacts } from '../queries/booking-facts.js';
import type { RefundRow } from '../repo/rows.js';

interface Letter {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  link: { url: string; label: string };
}

/** In the product's one email layout (lib/templates.ts). */
function render(letter: Letter): Email {
  return { to: letter.to, ...composeEmail(letter.subject, letter.heading, letter.paragraphs, letter.link) };
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
    const facts = await bookingFacts(db, bookingId);
    if (facts) await mailer.send(render(write(facts)));
  }

  return {
    received: (bookingId: string, token: string, amount: number, automatic: boolean) =>
      send(bookingId, (f) => ({
        to: f.buyerEmail,
        subject: `We received your refund request (${f.code})`,
        heading: 'Refund request received',
        paragraphs: [
          `Your request for a refund of ${formatAmount(amount, f.currency)} on order ${f.code} for ${f.eventTitle} has been received.`,
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
          `The organizer of ${f.eventTitle} approved a refund of ${formatAmount(amount, f.currency)} on order ${f.code}.`,
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
            ? `The organizer of ${f.eventTitle} approved your refund request: ${formatAmount(refund.amount, refund.currency)} has been refunded on order ${f.code}.`
            : `${formatAmount(refund.amount, refund.currency)} has been refunded on order ${f.code} for ${f.eventTitle}.`,
          'It goes back to the card you paid with; your bank may take a few days to show it. Refunded tickets no longer admit entry.',
        ],
        link: eventPage(f),
      })),
  };
}

export type RequestEmails = ReturnType<typeof createRequestEmails>;
