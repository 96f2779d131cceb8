import { bookings, payments, tickets } from '../../../db/schema/index.js';
import { defineMachine } from '../../../db/state-machine.js';

type OrderStatus = (typeof bookings.$inferSelect)['status'];
type PaymentStatus = (typeof payments.$inferSelect)['status'];
type TicketStatus = (typeof tickets.$inferSelect)['status'];

/**
 * An order (a booking) from its hold to its end (docs/selling.md). A hold ends CONFIRMED (paid, or
 * free at once), EXPIRED (the sweep), FAILED (the payment failed or could not start) or CANCELLED (the
 * buyer, before paying). A payment that succeeds after its hold ended confirms the order when the
 * seats are still there, else marks it FAILED with its "needs refund" timeline entry (an order already
 * FAILED stays so). Nothing moves an order out of CONFIRMED today: refunds change its amounts and its
 * tickets, not its status.
 */
export const orderMachine = defineMachine<OrderStatus, typeof bookings>({
  label: 'order',
  entityType: 'BOOKING',
  table: bookings,
  moves: {
    HELD: ['CONFIRMED', 'EXPIRED', 'FAILED', 'CANCELLED'],
    EXPIRED: ['CONFIRMED', 'FAILED'],
    FAILED: ['CONFIRMED'],
    CANCELLED: ['CONFIRMED', 'FAILED'],
    CONFIRMED: [],
  },
});

/** The provider's verdict on one payment of an order: settled once, never changed afterwards. */
export const paymentMachine = defineMachine<PaymentStatus, typeof payments>({
  label: 'payment',
  entityType: 'PAYMENT',
  table: payments,
  moves: {
    PENDING: ['SUCCEEDED', 'FAILED'],
    SUCCEEDED: [],
    FAILED: [],
  },
});

/**
 * A ticket. A refund turns it REFUNDED; a later refund of what is left of it keeps it REFUNDED (the
 * refund engine moves one ticket at a time). Nothing moves a ticket to CANCELLED today.
 */
export const ticketMachine = defineMachine<TicketStatus, typeof tickets>({
  label: 'ticket',
  entityType: 'TICKET',
  table: tickets,
  moves: {
    VALID: ['REFUNDED'],
    REFUNDED: ['REFUNDED'],
    CANCELLED: [],
  },
});
