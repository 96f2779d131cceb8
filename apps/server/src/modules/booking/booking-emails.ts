import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { DbOrTx } from '../../db/client.js';
import { confirmationEmail, ticketPageUrl } from './confirmation-email.js';
import { loadBuyerBooking } from './queries/buyer-booking.js';
import type { BookingRow } from './repo/orders.js';

/**
 * Confirmation emails, sent after the answer: the buyer never waits on QR images or the mail server.
 * A failure is logged and the booking stands; `drain` waits for the ones on their way (app close, tests).
 */
export function createBookingEmails(deps: {
  db: DbOrTx;
  mailer: Mailer;
  publicUrl: string;
  log?: { error(obj: object, msg: string): void };
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  enabled: boolean;
}) {
  const outgoing = new Set<Promise<unknown>>();

  /** The confirmation with the ticket page link, carrying the booking's access token. */
  async function sendConfirmation(booking: BookingRow, token: string) {
    const view = await loadBuyerBooking(deps.db, booking, token);
    await deps.mailer.send(await confirmationEmail(view, ticketPageUrl(deps.publicUrl, view, token)));
  }

  return {
    confirmInBackground(booking: BookingRow, token: string) {
      if (!deps.enabled) return;
      const running = sendConfirmation(booking, token)
        .catch((error) => deps.log?.error({ err: error }, 'a booking email failed'))
        .finally(() => outgoing.delete(running));
      outgoing.add(running);
    },
    async drain() {
      await Promise.all([...outgoing]);
    },
  };
}

export type BookingEmails = ReturnType<typeof createBookingEmails>;
