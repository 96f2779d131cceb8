import { RESEND_MESSAGES, RESEND_TICKETS_PER_HOUR, type TicketsResent } from '@marquee/contract';
import type { Change } from '../../../db/unit-of-work.js';
import { type Actor, confirmEventGrant, type EventGrant } from '../../../lib/access/index.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { recentOrderMessages } from '../../messages/index.js';
import { resendIntent } from '../booking-emails.js';
import type { Selling } from '../checkout.js';
import { newAccessToken } from '../codes.js';
import { addLinkToken, addTimeline, type BookingRow, bookingByToken, lockOrder } from '../repo/orders.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The order, locked, when its tickets may be emailed again now: CONFIRMED (409 naming its status
 * otherwise) and fewer than RESEND_TICKETS_PER_HOUR resends in the last hour, counted in the outbox
 * (429 with Retry-After, when the oldest of them leaves the hour, otherwise). The lock makes two
 * requests for one order count one after the other.
 */
async function resendableOrder(change: Change, bookingId: string): Promise<BookingRow> {
  const order = await lockOrder(change.tx, bookingId);
  if (!order) throw notFound('The order');
  if (order.status !== 'CONFIRMED') throw conflict(RESEND_MESSAGES.notConfirmed(order.status));
  const since = new Date(change.now.getTime() - HOUR_MS);
  const recent = await recentOrderMessages(change.tx, order.id, resendIntent(order.id), since);
  const oldest = recent[0];
  if (recent.length >= RESEND_TICKETS_PER_HOUR && oldest) {
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - change.now.getTime()) / 1000));
    throw new AppError(429, RESEND_MESSAGES.tooMany(Math.ceil(seconds / 60)), undefined, {
      'retry-after': String(seconds),
    });
  }
  return order;
}

async function resend(change: Change, selling: Selling, order: BookingRow, token: string, by: string) {
  await selling.emails.enqueueResend(change, order, token);
  await addTimeline(change.tx, order.id, 'TICKETS_RESENT', `Tickets emailed again (${by})`, change.now);
  await change.audit({
    action: 'ORDER_TICKETS_RESENT',
    entityType: 'BOOKING',
    entityId: order.id,
    organizationId: order.organizationId,
    after: { requestedBy: by },
  });
  return { bookingId: order.id, queuedAt: change.now.toISOString() };
}

/**
 * resend-order-tickets: an organizer of the order's event emails its tickets to the buyer again. The
 * buyer's tokens are kept only hashed, so the email carries a fresh one, added beside them
 * (addLinkToken): the checkout page's link and every earlier email's keep opening the tickets.
 */
export function resendOrderTickets(
  selling: Selling,
  organizer: { actor: Actor; event: EventGrant },
  bookingId: string,
): Promise<TicketsResent> {
  return selling.unitOfWork(async (change) => {
    await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage', { what: 'The order' });
    const order = await resendableOrder(change, bookingId);
    const access = newAccessToken();
    await addLinkToken(change.tx, order.id, access.hash, change.now);
    return resend(change, selling, order, access.token, 'organizer');
  });
}

/** resend-booking-tickets: the buyer, holding the ticket page's token, asks for the email again. */
export async function resendBookingTickets(
  selling: Selling,
  access: { bookingId: string; token: string },
  requestId: string,
): Promise<TicketsResent> {
  const booking = await bookingByToken(selling.db, access.bookingId, access.token);
  return selling.unitOfWork(
    async (change) => {
      const order = await resendableOrder(change, booking.id);
      return resend(change, selling, order, access.token, 'buyer');
    },
    { who: { system: 'buyer', requestId } },
  );
}
