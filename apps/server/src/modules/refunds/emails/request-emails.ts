import { formatAmount } from '@marquee/contract';
import type { Email } from '../../../adapters/mailer/mailer.js';
import type { DbOrTx } from '../../../db/client.js';
import type { Change } from '../../../db/unit-of-work.js';
import { composeEmail } from '../../../lib/templates.js';
import { enqueueMessage, type MessageRenderer, withdrawMessage } from '../../messages/index.js';
import { type BookingFacts, bookingFacts, refundedTicketsText } from '../queries/booking-facts.js';
import type { RefundRow } from '../repo/rows.js';

interface Letter {
  subject: string;
  heading: string;
  paragraphs: string[];
  link: { url: string; label: string };
}

type Values = Record<string, unknown>;
const text = (v: unknown) => String(v ?? '');
const amount = (v: unknown) => Number(v);

/** `Harbour Jazz, Sat 12 Dec 2026, 19:30 – 22:00 (Europe/Dublin)`: the event and its date(s) in its zone. */
const about = (f: BookingFacts) =>
  f.dates.length === 0
    ? f.eventTitle
    : f.dates.length === 1
      ? `${f.eventTitle}, ${f.dates[0]}`
      : `${f.eventTitle} (${f.dates.length} dates from ${f.dates[0]})`;

/** What the order still holds after a refund. */
const stillValid = (f: BookingFacts) =>
  f.validTickets === 0
    ? 'The order has no valid tickets left.'
    : `Your other ${f.validTickets === 1 ? 'ticket is' : `${f.validTickets} tickets are`} still valid for ${about(f)}; keep using the QR codes you have.`;

/**
 * The buyer's emails about refund requests and refunds, enqueued in the change that causes them
 * (modules/messages) and written when the worker sends them. The ticket page needs the booking's
 * token, which is stored hashed: only the request-received email (enqueued while the buyer's call
 * carries the token) links to it, the token kept with the message's secrets until it is sent; the
 * organizer's decisions and refunds link to the event's public page and name the order code.
 */
function writers(publicUrl: string) {
  const ticketPage = (f: BookingFacts, token: string) =>
    `${publicUrl}/e/${encodeURIComponent(f.eventSlug)}/booking/${f.id}?token=${encodeURIComponent(token)}`;
  const eventPage = (f: BookingFacts) => ({
    url: `${publicUrl}/e/${encodeURIComponent(f.eventSlug)}`,
    label: 'View the event',
  });
  return {
    'refund-request-received': (f: BookingFacts, v: Values, secrets: Record<string, string>): Letter => ({
      subject: `We received your refund request (${f.code})`,
      heading: 'Refund request received',
      paragraphs: [
        `Your request for a refund of ${formatAmount(amount(v.amount), f.currency)} on order ${f.code} for ${about(f)} has been received.`,
        v.automatic
          ? 'The organizer approves requests automatically; you will get another email when the money is on its way.'
          : 'The organizer will review it; you will get an email when they decide.',
      ],
      link: { url: ticketPage(f, text(secrets.accessToken)), label: 'View your tickets' },
    }),
    'refund-request-approved': (f: BookingFacts, v: Values): Letter => ({
      subject: `Your refund request was approved (${f.code})`,
      heading: 'Refund request approved',
      paragraphs: [
        `The organizer of ${about(f)} approved a refund of ${formatAmount(amount(v.amount), f.currency)} on order ${f.code}.`,
        ...(v.ticketsText ? [`Tickets refunded: ${text(v.ticketsText)}. They no longer admit entry.`] : []),
        'The refund is being processed; you will get an email when it is done.',
      ],
      link: eventPage(f),
    }),
    'refund-request-declined': (f: BookingFacts, v: Values): Letter => ({
      subject: `Your refund request was declined (${f.code})`,
      heading: 'Refund request declined',
      paragraphs: [
        `The organizer of ${about(f)} declined your refund request on order ${f.code}.`,
        `Reason: ${text(v.reason)}`,
        ...(v.note ? [`Note from the organizer: ${text(v.note)}`] : []),
      ],
      link: eventPage(f),
    }),
    'refund-processed': (f: BookingFacts, v: Values): Letter => ({
      subject: `Your refund has been processed (${f.code})`,
      heading: 'Refund processed',
      paragraphs: [
        v.source === 'BUYER_REQUEST'
          ? `The organizer of ${about(f)} approved your refund request: ${formatAmount(amount(v.amount), text(v.currency))} has been refunded on order ${f.code}.`
          : `${formatAmount(amount(v.amount), text(v.currency))} has been refunded on order ${f.code} for ${about(f)}.`,
        ...(v.ticketsText ? [`Tickets refunded: ${text(v.ticketsText)}. They no longer admit entry.`] : []),
        stillValid(f),
        'The money goes back to the card you paid with; your bank may take a few days to show it.',
      ],
      link: eventPage(f),
    }),
  };
}

export type RefundEmailKind = keyof ReturnType<typeof writers>;

/** The renderers of the refund emails (registered by the module for the delivery worker). */
export function refundEmailRenderers(db: DbOrTx, publicUrl: string): [RefundEmailKind, MessageRenderer][] {
  const write = writers(publicUrl);
  return (Object.keys(write) as RefundEmailKind[]).map((kind) => [
    kind,
    async (message): Promise<Email> => {
      const facts = await bookingFacts(db, text(message.data.bookingId));
      if (!facts) throw new Error(`order ${text(message.data.orderCode)} is gone`);
      const refundId = message.data.refundId;
      const values =
        typeof refundId === 'string'
          ? { ...message.data, ticketsText: await refundedTicketsText(db, refundId) }
          : message.data;
      const letter = write[kind](facts, values, message.secrets ?? {});
      return {
        to: message.recipient,
        ...composeEmail(letter.subject, letter.heading, letter.paragraphs, letter.link),
      };
    },
  ]);
}

/**
 * How long the "approved" email waits before it may go: the engine calls the provider right after the
 * approval's refund commits, and a refund processed within this time withdraws it (its "processed"
 * email says both), so the buyer gets one email, not two a second apart.
 */
export const APPROVED_EMAIL_DELAY_MS = 2 * 60_000;

const approvedIntent = (refundId: string) => `refund-request-approved:${refundId}`;

/** One refund email to the order's buyer, enqueued in the change (once per `intent`). */
async function enqueue(
  change: Change,
  kind: RefundEmailKind,
  intent: string,
  bookingId: string,
  values: Values,
  options: { secrets?: Record<string, string>; notBefore?: Date } = {},
) {
  const facts = await bookingFacts(change.tx, bookingId);
  if (!facts) return;
  await enqueueMessage(change, {
    kind,
    channel: 'EMAIL',
    recipient: facts.buyerEmail,
    data: { bookingId, orderCode: facts.code, ...values },
    secrets: options.secrets,
    intentKey: `${kind}:${intent}`,
    orderId: bookingId,
    notBefore: options.notBefore,
  });
}

export const refundEmails = {
  received: (
    change: Change,
    requestId: string,
    bookingId: string,
    token: string,
    amount: number,
    automatic: boolean,
  ) =>
    enqueue(
      change,
      'refund-request-received',
      requestId,
      bookingId,
      { requestId, amount, automatic },
      { secrets: { accessToken: token } },
    ),
  /**
   * The approval's refund, in the engine's transaction that reserves it (`inReservation`): it exists
   * exactly when the refund does, so an approval the engine refused (and undid) enqueues nothing.
   */
  approved: (change: Change, refund: RefundRow) =>
    enqueue(
      change,
      'refund-request-approved',
      refund.id,
      refund.bookingId,
      { requestId: refund.requestId, refundId: refund.id, amount: refund.amount },
      { notBefore: new Date(change.now.getTime() + APPROVED_EMAIL_DELAY_MS) },
    ),
  declined: (change: Change, requestId: string, bookingId: string, reason: string, note: string | null) =>
    enqueue(change, 'refund-request-declined', requestId, bookingId, { requestId, reason, note }),
  /** Processed: this email, which also withdraws the refund's "approved" one if still unsent. */
  processed: async (change: Change, refund: RefundRow) => {
    if (refund.source === 'BUYER_REQUEST') await withdrawMessage(change, approvedIntent(refund.id));
    await enqueue(change, 'refund-processed', refund.id, refund.bookingId, {
      refundId: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      source: refund.source,
    });
  },
};

export type RequestEmails = typeof refundEmails;

/** The emails as the module's commands are given them. */
export const createRequestEmails = (): RequestEmails => refundEmails;
