import type { Db } from '../../db/client.js';
import type { Change } from '../../db/unit-of-work.js';
import { enqueueMessage, type MessageRenderer, type OutgoingMessage } from '../messages/index.js';
import { confirmationEmail, ticketPageUrl } from './confirmation-email.js';
import { loadBuyerBooking } from './queries/buyer-booking.js';
import { loadTicketDocument } from './queries/ticket-document.js';
import { type BookingRow, findBooking } from './repo/orders.js';

export const ORDER_CONFIRMATION = 'order-confirmation';

/** The intent key prefix of one order's resent tickets (`resend-tickets:<order id>:<time>`). */
export const resendIntent = (bookingId: string) => `resend-tickets:${bookingId}:`;

/**
 * Confirmation emails go out through the outbox (modules/messages): enqueued in the unit of work that
 * confirms the order, rendered and sent by the delivery worker, so the buyer never waits on QR images
 * or the mail server and a mail server that is down delays the email instead of losing it.
 */
export function createBookingEmails(deps: {
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  enabled: boolean;
}) {
  /** The confirmation with the ticket page link, carrying the booking's access token; null when off. */
  const confirmation = (
    booking: Pick<BookingRow, 'id' | 'code' | 'buyerEmail' | 'eventId' | 'organizationId'>,
    token: string,
  ): OutgoingMessage | null =>
    deps.enabled
      ? {
          kind: ORDER_CONFIRMATION,
          channel: 'EMAIL',
          recipient: booking.buyerEmail,
          data: { bookingId: booking.id, orderCode: booking.code },
          // The ticket page link's token is otherwise only stored hashed; wiped once the email is sent.
          secrets: { accessToken: token },
          intentKey: `${ORDER_CONFIRMATION}:${booking.id}`,
          orderId: booking.id,
          eventId: booking.eventId,
          organizationId: booking.organizationId,
        }
      : null;
  return {
    confirmation,

    async enqueueConfirmation(change: Change, booking: BookingRow, token: string) {
      const message = confirmation(booking, token);
      if (message) await enqueueMessage(change, message);
    },

    /**
     * The confirmation again, on request (the ticket page link with `token`): a message of its own per
     * request, its intent key starting with RESEND_INTENT so that the rate limit can count them.
     */
    async enqueueResend(change: Change, booking: BookingRow, token: string) {
      await enqueueMessage(change, {
        kind: ORDER_CONFIRMATION,
        channel: 'EMAIL',
        recipient: booking.buyerEmail,
        data: { bookingId: booking.id, orderCode: booking.code },
        secrets: { accessToken: token },
        intentKey: `${resendIntent(booking.id)}${change.now.toISOString()}`,
        orderId: booking.id,
        eventId: booking.eventId,
        organizationId: booking.organizationId,
      });
    },
  };
}

export type BookingEmails = ReturnType<typeof createBookingEmails>;

/**
 * Renders a confirmation in the delivery worker: the order as it is now, its QR codes as inline parts,
 * its PDF and calendar file, its link.
 */
export function orderConfirmationRenderer(db: Db, publicUrl: string): MessageRenderer {
  return async (message) => {
    const bookingId = String(message.data.bookingId);
    const token = message.secrets?.accessToken;
    const booking = await findBooking(db, bookingId);
    if (!booking || !token) throw new Error(`order ${String(message.data.orderCode)} cannot be rendered`);
    const view = await loadBuyerBooking(db, booking, token);
    const doc = await loadTicketDocument(db, booking);
    return confirmationEmail(view, doc, ticketPageUrl(publicUrl, view, token), new URL(publicUrl).host);
  };
}
