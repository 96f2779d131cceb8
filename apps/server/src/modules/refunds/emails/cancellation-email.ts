import { formatAmount } from '@marquee/contract';
import type { Email } from '../../../adapters/mailer/mailer.js';
import { composeEmail } from '../../../lib/templates.js';

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
  const refund = formatAmount(input.amount, input.currency);
  const subject = `${input.eventTitle} is cancelled: your refund of ${refund}`;
  const paragraphs = [
    `Hello ${input.buyerName || 'there'},`,
    `The organizer has cancelled ${input.eventTitle}. Your booking ${input.bookingCode} is cancelled and its tickets are no longer valid.`,
    input.processed
      ? `We have refunded ${refund} to the card you paid with. It can take a few days to show on your statement.`
      : `A refund of ${refund} to the card you paid with is on its way. It can take a few days to show on your statement.`,
  ];
  return { to: input.to, ...composeEmail(subject, `${input.eventTitle} is cancelled`, paragraphs) };
}
