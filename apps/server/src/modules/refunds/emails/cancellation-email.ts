import { formatAmount } from '@marquee/contract';
import type { Email } from '../../../adapters/mailer/mailer.js';
import type { DbOrTx } from '../../../db/client.js';
import type { Change } from '../../../db/unit-of-work.js';
import { composeEmail } from '../../../lib/templates.js';
import { enqueueMessage, type MessageRenderer } from '../../messages/index.js';
import { bookingFacts } from '../queries/booking-facts.js';
import { refundById } from '../repo/refunds.js';
import type { BookingRow, RefundRow } from '../repo/rows.js';

/** The message kind of the cancellation notice with its refund (rendered when sent). */
export const CANCELLATION_REFUND_EMAIL = 'cancellation-refund';

/**
 * To the buyer of a booking of a cancelled event: the event is off and what comes back. Enqueued in
 * the transaction that reserves the booking's cancellation refund (run-event-refund.ts), so it exists
 * exactly when the refund does, once per booking (its intent key) whatever the job's reruns.
 */
export async function enqueueCancellationEmail(
  change: Change,
  booking: BookingRow,
  refund: RefundRow,
  eventTitle: string,
) {
  await enqueueMessage(change, {
    kind: CANCELLATION_REFUND_EMAIL,
    channel: 'EMAIL',
    recipient: booking.buyerEmail,
    data: {
      orderCode: booking.code,
      buyerName: booking.buyerName,
      eventTitle,
      refundId: refund.id,
      amount: refund.amount,
      currency: refund.currency,
    },
    intentKey: `cancellation-notice:${booking.eventId}:${booking.id}`,
    orderId: booking.id,
    eventId: booking.eventId,
    organizationId: booking.organizationId,
  });
}

/**
 * Written when the worker sends it: a refund the provider has confirmed by then is "refunded", one it
 * has not yet is "on its way" (it is finished, never repeated).
 */
export function cancellationEmailRenderer(db: DbOrTx): MessageRenderer {
  return async (message): Promise<Email> => {
    const data = message.data as {
      orderCode: string;
      buyerName: string;
      eventTitle: string;
      refundId: string;
      amount: number;
      currency: string;
    };
    const refund = await refundById(db, data.refundId);
    const facts = await bookingFacts(db, message.orderId ?? '', { includeCancelled: true });
    const dates = facts?.dates ?? [];
    const processed = refund?.status === 'PROCESSED';
    const amount = formatAmount(data.amount, data.currency);
    const subject = `${data.eventTitle} is cancelled: your refund of ${amount}`;
    const paragraphs = [
      `Hello ${data.buyerName || 'there'},`,
      dates.length === 1
        ? `The organizer has cancelled ${data.eventTitle}, which was to take place on ${dates[0]}. Your booking ${data.orderCode} is cancelled and its tickets are no longer valid.`
        : dates.length > 1
          ? `The organizer has cancelled ${data.eventTitle} and every one of its dates (${dates.join('; ')}). Your booking ${data.orderCode} is cancelled and its tickets are no longer valid.`
          : `The organizer has cancelled ${data.eventTitle}. Your booking ${data.orderCode} is cancelled and its tickets are no longer valid.`,
      processed
        ? `We have refunded ${amount} to the card you paid with. It can take a few days to show on your statement.`
        : `A refund of ${amount} to the card you paid with is on its way. It can take a few days to show on your statement.`,
    ];
    return { to: message.recipient, ...composeEmail(subject, `${data.eventTitle} is cancelled`, paragraphs) };
  };
}
