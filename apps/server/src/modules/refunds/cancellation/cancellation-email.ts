import { isCurrencyCode, minorDigits } from '@marquee/contract';
import type { Email } from '../../../adapters/mailer/mailer.js';
import { PRODUCT_NAME } from '../../../lib/templates.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function money(amount: number, currency: string) {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}

/**
 * To the buyer of a booking of a cancelled event, once its cancellation refund exists: the event is
 * off and what comes back. A refund the provider has not confirmed yet is "on its way" (it is finished,
 * never repeated); the buyer gets this email once per booking whatever the job's reruns.
 */
export function cancellationEmail(input: {
  to: string;
  buyerName: string;
  bookingCode: string;
  eventTitle: string;
  amount: number;
  currency: string;
  processed: boolean;
}): Email {
  const refund = money(input.amount, input.currency);
  const subject = `${input.eventTitle} is cancelled: your refund of ${refund}`;
  const paragraphs = [
    `Hello ${input.buyerName || 'there'},`,
    `The organizer has cancelled ${input.eventTitle}. Your booking ${input.bookingCode} is cancelled and its tickets are no longer valid.`,
    input.processed
      ? `We have refunded ${refund} to the card you paid with. It can take a few days to show on your statement.`
      : `A refund of ${refund} to the card you paid with is on its way. It can take a few days to show on your statement.`,
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), PRODUCT_NAME].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#f8f9fa;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(`${input.eventTitle} is cancelled`)}</h1>${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')}<p style="margin:24px 0 0;font-size:12px;color:#495057">${PRODUCT_NAME}</p></div></body></html>`;
  return { to: input.to, subject, text, html };
}
