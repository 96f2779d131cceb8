import { formatAmount, REFUND_MESSAGES, type RefundQuote } from '@marquee/contract';
import { conflict } from '../../lib/errors.js';
import { allocate, type FeePayer, refundableOf, type TicketShare } from './refund-math.js';
import type { BookingRow, TicketRow } from './repo/rows.js';

/** What is asked to be refunded of one booking (before the engine's bookkeeping fields). */
export interface RefundAsk {
  bookingId: string;
  /** At least one, all of this booking: VALID, or REFUNDED with something left. */
  ticketIds: string[];
  /** A partial refund; by default everything refundable on those tickets. */
  amount?: number;
  /** By default the organization's setting. */
  refundServiceFee?: boolean;
  reason?: string | null;
}

export interface RefundSplit {
  quote: RefundQuote;
  shares: TicketShare[];
  /** Tickets that were still VALID: their seats go back on sale. */
  wasValid: TicketRow[];
}

/**
 * The split of one refund from the booking's and tickets' rows (locked when reserving) and what the
 * platform holds for the organizer: the rules of docs/refunds.md, "Money rules", on plain values.
 */
export function splitRefund(
  booking: BookingRow,
  rows: TicketRow[],
  ask: Pick<RefundAsk, 'amount'>,
  refundServiceFee: boolean,
  held: number,
): RefundSplit {
  if (booking.status !== 'CONFIRMED') throw conflict(REFUND_MESSAGES.notPaid);
  const feePaidBy = booking.feePaidBy as FeePayer;
  const perTicket = rows.map((ticket) => ({
    ticket,
    ...refundableOf(ticket, feePaidBy, refundServiceFee),
  }));
  // A ticket can be chosen while VALID, or once REFUNDED while something of it is left to give back.
  if (
    perTicket.some(
      (m) => m.ticket.status === 'CANCELLED' || (m.ticket.status === 'REFUNDED' && m.refundable === 0),
    )
  ) {
    throw conflict(REFUND_MESSAGES.nothingLeft);
  }
  const most = perTicket.reduce((sum, m) => sum + m.refundable, 0);
  const amount = ask.amount ?? most;
  if (amount > most) {
    throw most === 0
      ? conflict(REFUND_MESSAGES.nothingLeft)
      : conflict(REFUND_MESSAGES.tooMuch(formatAmount(most, booking.currency)));
  }
  const shares = allocate(
    amount,
    perTicket.map((m) => ({
      ticketId: m.ticket.id,
      refundable: m.refundable,
      feeRefundable: m.feeRefundable,
    })),
  );
  const feePart = shares.reduce((sum, s) => sum + s.feePart, 0);
  const organizerPart = amount - feePart;
  return {
    shares,
    wasValid: rows.filter((row) => row.status === 'VALID'),
    quote: {
      currency: booking.currency,
      amount,
      feePart,
      organizerPart,
      refundServiceFee,
      tickets: shares,
      organizerHeld: held,
      due: Math.max(0, organizerPart - held),
      organizerBalanceAfter: Math.max(0, held - organizerPart),
    },
  };
}

/** The chosen tickets, once each; none chosen is nothing to refund, a ticket of another order a 409. */
export function uniqueTicketIds(ticketIds: string[]): string[] {
  const ids = [...new Set(ticketIds)];
  if (ids.length === 0) throw conflict(REFUND_MESSAGES.nothingLeft);
  return ids;
}

export function checkAllFound(rows: TicketRow[], ids: string[]) {
  if (rows.length !== ids.length) throw conflict(REFUND_MESSAGES.ticketsNotInOrder);
}
