import {
  BOOKING_MESSAGES,
  type CreateBookingBody,
  MAX_ORDER_TOTAL_MINOR,
  PROMO_CODE_MESSAGES,
} from '@marquee/contract';
import type { z } from 'zod';
import type { Actor } from '../../lib/access/index.js';
import { badRequest } from '../../lib/errors.js';
import { type PromoCodeRow, reveals, unitDiscount } from '../promo-codes/index.js';
import { unitQuote } from './pricing.js';
import type { SaleView } from './queries/sale-view.js';
import { type SaleDate, saleDates, windowState } from './sales-state.js';

export type CheckoutBody = z.output<typeof CreateBookingBody>;
export type FieldError = { field: string; message: string };

export const CHECKOUT_MESSAGES = {
  chooseDate: 'Choose a date',
  dateNotOfEvent: 'This date is not one of the event’s dates.',
  typeNotOfEvent: 'This ticket type is not one of the event’s ticket types.',
  typeTwice: 'Each ticket type can be chosen once; change its quantity instead.',
  notCancellable: 'Only a booking that is not paid yet can be cancelled here.',
  paymentNotStarted: 'The payment could not be started. Please try again.',
  correctFields: 'Please correct the highlighted fields.',
  hiddenType: PROMO_CODE_MESSAGES.hiddenType,
  promoNotForTickets: PROMO_CODE_MESSAGES.notForTickets,
} as const;

export const refuse = (errors: FieldError[]) =>
  badRequest(errors.length === 1 ? (errors[0]?.message ?? '') : CHECKOUT_MESSAGES.correctFields, errors);

export function pickDate(
  view: SaleView,
  body: CheckoutBody,
): { date: SaleDate; errors: FieldError[] } | { date: null; errors: FieldError[] } {
  const dates = saleDates(view);
  if (view.isCourse) {
    const date = dates[0];
    return date
      ? { date, errors: [] }
      : { date: null, errors: [{ field: 'eventId', message: BOOKING_MESSAGES.notOnSale }] };
  }
  if (!body.occurrenceId) {
    // A single event has one date: the buyer need not name it. Multi events and drop-in classes must.
    if (view.event.kind === 'SINGLE' && dates.length === 1 && dates[0]) return { date: dates[0], errors: [] };
    return { date: null, errors: [{ field: 'occurrenceId', message: CHECKOUT_MESSAGES.chooseDate }] };
  }
  const date = dates.find((d) => d.id === body.occurrenceId);
  if (!date)
    return { date: null, errors: [{ field: 'occurrenceId', message: CHECKOUT_MESSAGES.dateNotOfEvent }] };
  return { date, errors: [] };
}

/** Everything about the order that does not depend on seats left; the seats are the transaction's. */
export function priceOrder(
  view: SaleView,
  body: CheckoutBody,
  date: SaleDate,
  now: Date,
  promo: PromoCodeRow | null = null,
) {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const lines: {
    index: number;
    typeId: string;
    inventoryId: string;
    name: string;
    quantity: number;
    unitPrice: number;
    unitFee: number;
    buyerFee: number;
    unitDiscount: number;
    attendees: string[] | null;
  }[] = [];
  for (const [index, line] of body.lines.entries()) {
    const type = view.ticketTypes.find((t) => t.id === line.ticketTypeId);
    const at = (field: string) => `lines.${index}.${field}`;
    if (!type) {
      errors.push({ field: at('ticketTypeId'), message: CHECKOUT_MESSAGES.typeNotOfEvent });
      continue;
    }
    if (seen.has(type.id)) {
      errors.push({ field: at('ticketTypeId'), message: CHECKOUT_MESSAGES.typeTwice });
      continue;
    }
    seen.add(type.id);
    if (!reveals(promo, type)) {
      errors.push({ field: at('ticketTypeId'), message: CHECKOUT_MESSAGES.hiddenType });
      continue;
    }
    if (windowState(type, now) !== 'ON_SALE') {
      errors.push({ field: at('ticketTypeId'), message: BOOKING_MESSAGES.notOnSale });
      continue;
    }
    const max = Math.min(
      type.maxPerOrder ?? view.organization.maxTicketsPerOrder,
      view.organization.maxTicketsPerOrder,
    );
    if (line.quantity < type.minPerOrder) {
      errors.push({
        field: at('quantity'),
        message: BOOKING_MESSAGES.belowMinimum(type.name, type.minPerOrder),
      });
    } else if (line.quantity > max) {
      errors.push({ field: at('quantity'), message: BOOKING_MESSAGES.aboveMaximum(type.name, max) });
    }
    let unitPrice = type.price;
    if (type.pricing === 'DONATION') {
      if (line.amount === undefined || line.amount < type.price) {
        errors.push({ field: at('amount'), message: BOOKING_MESSAGES.donationMinimum });
      } else unitPrice = line.amount;
    }
    let attendees: string[] | null = null;
    if (view.event.attendeeNames) {
      if (!line.attendees || line.attendees.length !== line.quantity) {
        errors.push({ field: at('attendees'), message: BOOKING_MESSAGES.attendeesNeeded });
      } else attendees = line.attendees;
    }
    const inventory = view.inventory.find(
      (row) => row.ticketTypeId === type.id && row.occurrenceId === date.id,
    );
    if (!inventory) {
      errors.push({ field: at('ticketTypeId'), message: BOOKING_MESSAGES.notOnSale });
      continue;
    }
    // A promo code lowers the price paid, and the fee follows the price paid (docs/promo-codes.md).
    const discount = unitDiscount(promo, type, unitPrice);
    unitPrice -= discount;
    // The donation's fee is on the amount given (docs/selling.md).
    const quote = unitQuote(view.pricing, type, unitPrice);
    lines.push({
      index,
      typeId: type.id,
      inventoryId: inventory.id,
      name: type.name,
      quantity: line.quantity,
      unitPrice,
      unitFee: quote.fee,
      buyerFee: quote.buyerFee,
      unitDiscount: discount,
      attendees,
    });
  }
  const count = body.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (count > view.organization.maxTicketsPerOrder) {
    errors.push({
      field: 'lines',
      message: BOOKING_MESSAGES.perOrderMax(view.organization.maxTicketsPerOrder),
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const fee = lines.reduce((sum, l) => sum + l.unitFee * l.quantity, 0);
  // bookings_total_check: total = organizer_amount + service_fee.
  const buyerPaysFee = view.pricing.paidBy === 'BUYER';
  const discount = lines.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);
  if (promo && promo.kind !== 'REVEAL' && discount === 0 && lines.length > 0 && errors.length === 0)
    errors.push({ field: 'promoCode', message: CHECKOUT_MESSAGES.promoNotForTickets });
  const amounts = {
    subtotal,
    serviceFee: fee,
    total: buyerPaysFee ? subtotal + fee : subtotal,
    organizerAmount: buyerPaysFee ? subtotal : subtotal - fee,
  };
  // Each line is bounded by the contract; many expensive tickets together can still pass the
  // integer columns an order's amounts are stored in.
  if (amounts.total > MAX_ORDER_TOTAL_MINOR) {
    errors.push({ field: 'lines', message: BOOKING_MESSAGES.orderTotalMaximum });
  }
  return { errors, lines, amounts, discount };
}

/** Who buys: the form's buyer, else the signed-in user; a guest without a buyer is a field error. */
export function buyerOf(body: CheckoutBody, actor: Actor | null, errors: FieldError[]) {
  if (body.buyer)
    return { name: body.buyer.name, email: body.buyer.email.toLowerCase(), userId: actor?.user.id ?? null };
  if (actor) {
    const name = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;
    return { name, email: actor.user.email, userId: actor.user.id };
  }
  errors.push({ field: 'buyer', message: BOOKING_MESSAGES.buyerNeeded });
  return null;
}
