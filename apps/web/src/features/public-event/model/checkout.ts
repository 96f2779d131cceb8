import {
  BOOKING_MESSAGES,
  type CheckoutLine,
  type CreateBookingBody,
  MAX_DONATION_MINOR,
  type PublicEvent,
  type PublicOccurrence,
  type PublicTicketType,
} from '@marquee/contract';
import type { FieldError } from '../../../lib/http';
import { formatMoney, parseMoney } from '../../../lib/money';

/** What the buyer has chosen for one ticket type; the donation amount stays as typed. */
export interface LineDraft {
  quantity: number;
  amountText: string;
  attendees: string[];
}

export interface CheckoutDraft {
  occurrenceId: string | null;
  lines: Record<string, LineDraft>;
  buyerName: string;
  buyerEmail: string;
}

/**
 * Errors keyed by what they sit next to: `occurrence`, `ticket.<typeId>` (the quantity),
 * `ticket.<typeId>.amount`, `ticket.<typeId>.attendees.<n>`, `buyer.name`, `buyer.email`, and `form`
 * for anything else.
 */
export type CheckoutErrors = Record<string, string>;

export const ticketErrorKey = (typeId: string) => `ticket.${typeId}`;

export function emptyLine(type: PublicTicketType, currencyDigits: number): LineDraft {
  const amountText =
    type.pricing === 'DONATION' ? (type.price / 10 ** currencyDigits).toFixed(currencyDigits) : '';
  return { quantity: 0, amountText, attendees: [] };
}

/** The date a new visitor starts on: the first one on sale, else the first. */
export function initialOccurrence(event: PublicEvent): PublicOccurrence | null {
  return event.occurrences.find((o) => o.salesState === 'ON_SALE') ?? event.occurrences[0] ?? null;
}

export function occurrenceOf(event: PublicEvent, draft: CheckoutDraft): PublicOccurrence | null {
  if (event.occurrences.length <= 1) return event.occurrences[0] ?? null;
  return event.occurrences.find((o) => o._id === draft.occurrenceId) ?? null;
}

/** Whether buyers choose among dates (a multi-date event or drop-in class); else there is one. */
export const choosesDate = (event: PublicEvent) => event.occurrences.length > 1;

export type TypeAvailability =
  | { onSale: true; remaining: number }
  | { onSale: false; reason: string; remaining: number };

/** Whether one ticket type can be bought for the chosen date now, and how many are left. */
export function availabilityOf(
  type: PublicTicketType,
  occurrence: PublicOccurrence | null,
  now: Date,
): TypeAvailability {
  const remaining = occurrence?.remaining[type._id] ?? 0;
  if (!occurrence) return { onSale: false, reason: 'Choose a date first', remaining };
  if (occurrence.salesState !== 'ON_SALE') return { onSale: false, reason: '', remaining };
  if (type.saleStartsAt && new Date(type.saleStartsAt) > now)
    return { onSale: false, reason: 'Sales have not started yet', remaining };
  if (type.saleEndsAt && new Date(type.saleEndsAt) <= now)
    return { onSale: false, reason: 'Sales have ended', remaining };
  if (remaining <= 0) return { onSale: false, reason: 'Sold out', remaining };
  return { onSale: true, remaining };
}

export const ticketCount = (draft: CheckoutDraft) =>
  Object.values(draft.lines).reduce((sum, line) => sum + line.quantity, 0);

/**
 * The quantities a stepper may move between: 0, or from the type's minimum up to the smallest of its
 * maximum, what is left, and what the order's maximum leaves after the other lines.
 */
export function quantityRange(
  event: PublicEvent,
  type: PublicTicketType,
  draft: CheckoutDraft,
  remaining: number,
): { min: number; max: number } {
  const others = ticketCount(draft) - (draft.lines[type._id]?.quantity ?? 0);
  const max = Math.max(0, Math.min(type.maxPerOrder, remaining, event.maxTicketsPerOrder - others));
  return { min: Math.max(1, type.minPerOrder), max };
}

/** One step up or down: from 0 straight to the minimum, and from the minimum back to 0. */
export function stepQuantity(current: number, direction: 1 | -1, range: { min: number; max: number }) {
  if (direction === 1) {
    const next = current === 0 ? range.min : current + 1;
    return next > range.max ? current : next;
  }
  return current <= range.min ? 0 : current - 1;
}

/** Per ticket what the buyer gives: the price, or the donation typed (null while it is not a valid amount). */
export function unitAmount(type: PublicTicketType, line: LineDraft, currency: string): number | null {
  if (type.pricing !== 'DONATION') return type.price;
  const parsed = parseMoney(line.amountText, currency);
  return parsed.ok ? parsed.amountMinor : null;
}

export interface CheckoutTotal {
  total: number;
  /** Donations' fees depend on the amount and are worked out by the server, so they are not in `total`. */
  hasDonation: boolean;
}

export function checkoutTotal(event: PublicEvent, draft: CheckoutDraft): CheckoutTotal {
  let total = 0;
  let hasDonation = false;
  for (const type of event.ticketTypes) {
    const line = draft.lines[type._id];
    if (!line || line.quantity === 0) continue;
    if (type.pricing === 'DONATION') {
      hasDonation = true;
      total += (unitAmount(type, line, event.currency) ?? type.price) * line.quantity;
    } else {
      total += type.buyerPays * line.quantity;
    }
  }
  return { total, hasDonation };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks the server makes too, so the buyer hears about them before sending anything. */
export function validateDraft(event: PublicEvent, draft: CheckoutDraft, signedIn: boolean): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (choosesDate(event) && !occurrenceOf(event, draft)) errors.occurrence = 'Choose a date';
  const count = ticketCount(draft);
  if (count === 0) errors.form = 'Choose at least one ticket';
  if (count > event.maxTicketsPerOrder) errors.form = BOOKING_MESSAGES.perOrderMax(event.maxTicketsPerOrder);
  for (const type of event.ticketTypes) {
    const line = draft.lines[type._id];
    if (!line || line.quantity === 0) continue;
    const key = ticketErrorKey(type._id);
    if (line.quantity < type.minPerOrder)
      errors[key] = BOOKING_MESSAGES.belowMinimum(type.name, type.minPerOrder);
    else if (line.quantity > type.maxPerOrder)
      errors[key] = BOOKING_MESSAGES.aboveMaximum(type.name, type.maxPerOrder);
    if (type.pricing === 'DONATION') {
      const parsed = parseMoney(line.amountText, event.currency);
      if (!parsed.ok) errors[`${key}.amount`] = parsed.message;
      else if (parsed.amountMinor < type.price) errors[`${key}.amount`] = BOOKING_MESSAGES.donationMinimum;
      else if (parsed.amountMinor > MAX_DONATION_MINOR)
        errors[`${key}.amount`] = BOOKING_MESSAGES.donationMaximum(
          formatMoney(MAX_DONATION_MINOR, event.currency),
        );
    }
    if (event.attendeeNames) {
      for (let n = 0; n < line.quantity; n += 1) {
        if ((line.attendees[n] ?? '').trim().length < 2)
          errors[`${key}.attendees.${n}`] = "Enter the attendee's name";
      }
    }
  }
  if (!signedIn) {
    if (draft.buyerName.trim().length < 2) errors['buyer.name'] = 'Enter your name';
    if (!EMAIL.test(draft.buyerEmail.trim())) errors['buyer.email'] = 'Enter a valid email address';
  }
  return errors;
}

/** The lines sent, in the order the page lists the ticket types; server errors name them by index. */
export function linesOf(event: PublicEvent, draft: CheckoutDraft): CheckoutLine[] {
  return event.ticketTypes.flatMap((type) => {
    const line = draft.lines[type._id];
    if (!line || line.quantity === 0) return [];
    const sent: CheckoutLine = { ticketTypeId: type._id, quantity: line.quantity };
    if (type.pricing === 'DONATION') sent.amount = unitAmount(type, line, event.currency) ?? type.price;
    if (event.attendeeNames)
      sent.attendees = line.attendees.slice(0, line.quantity).map((name) => name.trim());
    return [sent];
  });
}

export function bookingBody(
  event: PublicEvent,
  draft: CheckoutDraft,
  signedIn: boolean,
  returnPath: string,
): CreateBookingBody {
  const occurrence = occurrenceOf(event, draft);
  return {
    eventId: event._id,
    // A single event's only date and a course (no id) are implied by the event.
    ...(choosesDate(event) && occurrence?._id ? { occurrenceId: occurrence._id } : {}),
    lines: linesOf(event, draft),
    ...(signedIn ? {} : { buyer: { name: draft.buyerName.trim(), email: draft.buyerEmail.trim() } }),
    returnPath,
  };
}

/**
 * The server's field errors put next to what they are about: `lines.<n>…` names the n-th line sent,
 * which this page knows by ticket type. Whatever has no place on the page goes to `form`.
 */
export function placeServerErrors(
  errors: readonly FieldError[],
  sentLines: readonly CheckoutLine[],
): CheckoutErrors {
  const placed: CheckoutErrors = {};
  const put = (key: string, message: string) => {
    if (!placed[key]) placed[key] = message;
  };
  for (const { field, message } of errors) {
    const line = /^lines\.(\d+)(?:\.(\w+)(?:\.(\d+))?)?$/.exec(field);
    const typeId = line ? sentLines[Number(line[1])]?.ticketTypeId : undefined;
    if (line && typeId) {
      const [, , part, index] = line;
      const key = ticketErrorKey(typeId);
      if (part === 'amount') put(`${key}.amount`, message);
      else if (part === 'attendees' && index !== undefined) put(`${key}.attendees.${index}`, message);
      else if (part === 'attendees') put(`${key}.attendees.0`, message);
      else put(key, message);
    } else if (field === 'buyer.name' || field === 'buyer.email') put(field, message);
    else if (field === 'occurrenceId') put('occurrence', message);
    else if (field === 'promoCode') put('promoCode', message);
    else placed.form = placed.form ? `${placed.form}\n${message}` : message;
  }
  return placed;
}
