/**
 * The arithmetic of refunds (docs/refunds.md, "Money rules"), pure so its edges are tested alone.
 * Every amount is an integer of minor units.
 */

export interface TicketMoney {
  id: string;
  price: number;
  /** The seat's service fee, whoever paid it. */
  fee: number;
  refunded: number;
  feeRefunded: number;
}

export type FeePayer = 'BUYER' | 'ABSORBED';

/** What the buyer paid for one seat. */
export const paidFor = (ticket: TicketMoney, feePaidBy: FeePayer) =>
  ticket.price + (feePaidBy === 'BUYER' ? ticket.fee : 0);

/**
 * What can still go back to the buyer for one seat, and the platform's part of it. With the fee
 * refunded the buyer can get everything they paid and the platform gives its fee back; without, the
 * buyer gets the price at most and the platform keeps its fee.
 */
export function refundableOf(ticket: TicketMoney, feePaidBy: FeePayer, refundServiceFee: boolean) {
  const cap = refundServiceFee ? paidFor(ticket, feePaidBy) : ticket.price;
  const refundable = Math.max(0, cap - ticket.refunded);
  const feeRefundable = refundServiceFee
    ? Math.max(0, Math.min(ticket.fee - ticket.feeRefunded, refundable))
    : 0;
  return { refundable, feeRefundable };
}

export interface TicketShare {
  ticketId: string;
  amount: number;
  feePart: number;
}

/**
 * Spreads `amount` over the tickets in proportion to what each can still give back (largest
 * remainders first, so the shares add up to the unit), and each share's fee part in proportion to
 * that ticket's refundable fee. With `amount` equal to everything refundable every ticket gets its
 * whole refundable and its whole fee part.
 */
export function allocate(
  amount: number,
  tickets: { ticketId: string; refundable: number; feeRefundable: number }[],
): TicketShare[] {
  const total = tickets.reduce((sum, t) => sum + t.refundable, 0);
  if (amount < 0 || amount > total) throw new RangeError(`cannot allocate ${amount} of ${total}`);
  if (total === 0) return tickets.map((t) => ({ ticketId: t.ticketId, amount: 0, feePart: 0 }));
  const shares = tickets.map((t) => {
    const exact = (amount * t.refundable) / total;
    return { t, amount: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.amount, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left === 0) break;
    if (share.amount < share.t.refundable) {
      share.amount += 1;
      left -= 1;
    }
  }
  return shares.map(({ t, amount: a }) => ({
    ticketId: t.ticketId,
    amount: a,
    feePart: t.refundable === 0 ? 0 : Math.floor((a * t.feeRefundable) / t.refundable),
  }));
}
