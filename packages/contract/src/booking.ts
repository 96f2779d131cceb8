import { z } from 'zod';
import { AnswerMap, PublicCheckoutQuestion } from './checkout-answers.js';
import {
  formatMinorUnits,
  groupDigits,
  MAX_DONATION_MINOR,
  MAX_ORDER_TOTAL_MINOR,
  MAX_PAGE,
} from './constants.js';
import {
  ClassBookingMode,
  EventKind,
  EventStatus,
  Location,
  NamedRef,
  TicketPricing,
} from './event-basics.js';
import { returnPathInput } from './limits.js';
import { MediaUrl } from './media.js';
import { defineFileRoute, defineRoute, envelope } from './route.js';

/**
 * The buyer API (beyond the spec; docs/selling.md): what the marketplace's buyer apps and the public
 * event page `/e/<slug-or-id>` call. Every mutating call takes an `idempotency-key` header: a retry with
 * the same key answers the first answer and creates nothing new.
 */
export const BOOKING_PATH = '/api/v1/booking';

/** HELD: seats reserved until `holdExpiresAt`, waiting for payment. Only CONFIRMED bookings have tickets. */
export const BookingStatus = z.enum(['HELD', 'CONFIRMED', 'EXPIRED', 'FAILED', 'CANCELLED']);
export type BookingStatus = z.infer<typeof BookingStatus>;
export const TicketStatus = z.enum(['VALID', 'CANCELLED', 'REFUNDED']);
export type TicketStatus = z.infer<typeof TicketStatus>;
/** Why tickets of a type or date cannot be bought now; ON_SALE when they can. */
export const SalesState = z.enum(['ON_SALE', 'NOT_STARTED', 'ENDED', 'SOLD_OUT', 'CANCELLED', 'UNAVAILABLE']);
export type SalesState = z.infer<typeof SalesState>;
export const PaymentProviderName = z.enum(['sandbox', 'stripe']);

export const SALES_STATE_MESSAGES: Record<SalesState, string> = {
  ON_SALE: 'On sale',
  NOT_STARTED: 'Sales have not started yet',
  ENDED: 'Sales have ended',
  SOLD_OUT: 'Sold out',
  CANCELLED: 'This event is cancelled',
  UNAVAILABLE: 'Tickets for this event are not available',
};

const EventRef = z.union([z.uuid(), z.string().regex(/^[a-z0-9-]{3,120}$/)]);

// ---------- What buyers see ----------

export const PublicTicketType = z.object({
  _id: z.uuid(),
  pricing: TicketPricing,
  name: z.string(),
  description: z.string(),
  /** Minor units; for a donation the minimum. */
  price: z.number().int(),
  /** The service fee the buyer adds on top (0 when the organization absorbs it or it is waived). */
  buyerFee: z.number().int(),
  /** price + buyerFee. */
  buyerPays: z.number().int(),
  minPerOrder: z.number().int(),
  /** The effective maximum: the type's own, capped by the organization's per-order maximum. */
  maxPerOrder: z.number().int(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
});
export type PublicTicketType = z.infer<typeof PublicTicketType>;

/** One date buyers can choose (for a course: the whole course, `_id` null) with what is left per type. */
export const PublicOccurrence = z.object({
  _id: z.uuid().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  salesState: SalesState,
  /** Seats left per ticket type id (holds count as taken). */
  remaining: z.record(z.string(), z.number().int().nonnegative()),
});
export type PublicOccurrence = z.infer<typeof PublicOccurrence>;

export const PublicEventSummary = z.object({
  _id: z.uuid(),
  slug: z.string(),
  kind: EventKind,
  title: z.string(),
  image: MediaUrl.nullable(),
  organization: NamedRef,
  category: NamedRef.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  venueName: z.string().nullable(),
  /** Lowest price a buyer pays (minor units), null without ticket types. */
  fromPrice: z.number().int().nullable(),
  currency: z.string(),
  salesState: SalesState,
});
export type PublicEventSummary = z.infer<typeof PublicEventSummary>;

export const PublicEvent = PublicEventSummary.extend({
  description: z.string(),
  images: z.array(MediaUrl),
  status: EventStatus,
  classBookingMode: ClassBookingMode.nullable(),
  location: Location.nullable(),
  /** The organization's maximum tickets in one order. */
  maxTicketsPerOrder: z.number().int(),
  /** Whether each ticket needs the attendee's name. */
  attendeeNames: z.boolean(),
  /** Whether each ticket needs the attendee's email address (docs/checkout-questions.md). */
  attendeeEmails: z.boolean(),
  /** The questions asked at checkout, in order (docs/checkout-questions.md). */
  questions: z.array(PublicCheckoutQuestion),
  ticketTypes: z.array(PublicTicketType),
  occurrences: z.array(PublicOccurrence),
});
export type PublicEvent = z.infer<typeof PublicEvent>;

export const publicEventList = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/public-event-list`,
  summary: 'Published, unblocked, public upcoming events (private ones only by their link)',
  tag: 'Buyers',
  access: 'public',
  query: z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE, `The page is at most ${MAX_PAGE}`).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(200).optional(),
    categoryId: z.uuid().optional(),
  }),
  response: envelope(
    z.object({
      items: z.array(PublicEventSummary),
      total: z.number().int().nonnegative(),
      page: z.number().int().positive(),
      limit: z.number().int().positive(),
    }),
  ),
});

export const publicEventDetail = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/public-event-detail`,
  summary: 'One event for buyers by slug or id: dates, ticket types with fees and what is left',
  tag: 'Buyers',
  access: 'public',
  query: z.object({ event: EventRef }),
  response: envelope(PublicEvent),
});

// ---------- Checkout ----------

export const BuyerInput = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(2, 'Enter your name')
    .max(120, 'The name can have at most 120 characters'),
  email: z.email({ error: 'Enter a valid email address' }).max(254),
});

/** Names the field's limit; the buyer page shows it under the amount. */
export const DONATION_MAX_MESSAGE = `A donation can be at most ${groupDigits(MAX_DONATION_MINOR)} minor units per ticket (${formatMinorUnits(MAX_DONATION_MINOR)} with two decimals)`;

export const CheckoutLine = z.object({
  ticketTypeId: z.uuid({ error: 'Choose a ticket type' }),
  quantity: z.number().int('Enter a whole number').min(1, 'Choose at least 1 ticket').max(100),
  /** Donation tickets: what the buyer gives per ticket (minor units), at least the minimum. */
  amount: z
    .number()
    .int('Enter a whole amount in minor units')
    .min(0, 'A donation cannot be negative')
    .max(MAX_DONATION_MINOR, DONATION_MAX_MESSAGE)
    .optional(),
  /** One name per ticket when the event asks for attendee names. */
  attendees: z.array(z.string().trim().min(2, "Enter the attendee's name").max(120)).optional(),
});
export type CheckoutLine = z.input<typeof CheckoutLine>;

export const CreateBookingBody = z.object({
  eventId: z.uuid({ error: 'Choose an event' }),
  /** The date; omitted for a single event (its only date) and for a course. */
  occurrenceId: z.uuid({ error: 'Choose a date' }).optional(),
  lines: z.array(CheckoutLine).min(1, 'Choose at least one ticket').max(20),
  /** Guests give a name and email; a signed-in buyer's account is used when omitted. */
  buyer: BuyerInput.optional(),
  /** Where the browser returns after paying (a path of this console, e.g. `/e/<slug>/booking`). */
  returnPath: returnPathInput('Return to a path of this site').optional(),
  /** Answers to the order's questions by question id (docs/checkout-questions.md). */
  answers: AnswerMap.optional(),
  /** One entry per ticket, in the order of the lines: its answers by question id, and `email` when asked. */
  attendees: z.array(AnswerMap).max(100).optional(),
  /** A waiting-list offer's link (docs/waiting-list.md): the checkout uses the seats it holds. */
  waitingListOffer: z
    .object({ entryId: z.uuid({ error: 'Choose a waiting list entry' }), token: z.string().min(16).max(200) })
    .optional(),
  /** A promo code of the event (docs/promo-codes.md): its discount, or the hidden types it reveals. */
  promoCode: z
    .string()
    .trim()
    .max(40, 'A code has at most 40 characters')
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type CreateBookingBody = z.input<typeof CreateBookingBody>;

export const BuyerTicket = z.object({
  _id: z.uuid(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  /** The QR payload: 128 random bits, base64url (docs/selling.md). */
  code: z.string(),
  status: TicketStatus,
  occurrence: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
});
export type BuyerTicket = z.infer<typeof BuyerTicket>;

/** A booking as its buyer sees it (with its access token, which the ticket page URL carries). */
export const BuyerBooking = z.object({
  _id: z.uuid(),
  code: z.string(),
  /** A bearer secret of this booking: lets a guest reopen it and its tickets. */
  accessToken: z.string(),
  status: BookingStatus,
  event: z.object({
    _id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    timeZone: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    venueName: z.string().nullable(),
    /** The venue's street address (null online or when not given). */
    address: z.string().nullable(),
    /** Where an online event happens (null at a venue). */
    onlineUrl: z.string().nullable(),
    /** Who runs the event (the organization). */
    organizationName: z.string(),
  }),
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string(), endsAt: z.string() }).nullable(),
  /** Every date the booking is for, in order: its own date, or each scheduled date of a course. */
  dates: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  buyer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(
    z.object({
      ticketTypeId: z.uuid(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      /** The service fee the buyer pays per ticket on top of the price (0 when the organization absorbs it). */
      unitFee: z.number().int(),
      /** What a promo code took off each ticket (unitPrice is after it). */
      unitDiscount: z.number().int().optional(),
    }),
  ),
  currency: z.string(),
  /** The promo code applied and what it took off the order (minor units). */
  promoCode: z.string().nullable().optional(),
  discount: z.number().int().optional(),
  subtotal: z.number().int(),
  /** The service fee the buyer pays on top (0 when the organization absorbs it): total = subtotal + serviceFee. */
  serviceFee: z.number().int(),
  total: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /** Where to pay while HELD: the sandbox card page, or Stripe's client secret for the Payment Element. */
  payment: z
    .object({
      provider: PaymentProviderName,
      redirectUrl: z.string().nullable(),
      clientSecret: z.string().nullable(),
    })
    .nullable(),
  tickets: z.array(BuyerTicket),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BuyerBooking = z.infer<typeof BuyerBooking>;

/** Idempotency key required (header `idempotency-key`). A free booking answers CONFIRMED at once. */
export const createBooking = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/create-booking`,
  summary: 'Reserve seats (held for a while) and start paying; free bookings confirm at once',
  tag: 'Buyers',
  access: 'public',
  body: CreateBookingBody,
  response: envelope(BuyerBooking),
});

const BookingAccess = z.object({
  bookingId: z.uuid({ error: 'Choose a booking' }),
  token: z.string().min(16).max(200),
});

export const getBuyerBooking = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/get-booking`,
  summary: 'A booking and its tickets, for its buyer (the token from the confirmation or email)',
  tag: 'Buyers',
  access: 'public',
  query: BookingAccess,
  response: envelope(BuyerBooking),
});

export const cancelHeldBooking = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/cancel-booking`,
  summary: 'Give back the seats of a booking not paid yet',
  tag: 'Buyers',
  access: 'public',
  body: BookingAccess,
  response: envelope(BuyerBooking),
});

/** The buyer's "Email my tickets again": the same limit per booking as the organizer's resend. */
export const resendBookingTickets = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/resend-booking-tickets`,
  summary: 'Email the tickets of a confirmed booking to its buyer again (the token of the ticket page)',
  tag: 'Buyers',
  access: 'public',
  body: BookingAccess,
  response: envelope(z.object({ bookingId: z.uuid(), queuedAt: z.string() })),
});

/**
 * The buyer's tickets as a PDF (one page per valid ticket with its QR code), for the ticket page's
 * "Download PDF": a file, opened by the booking's token like the page itself; 404 for any other pair.
 */
export const bookingTicketsPdf = defineFileRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/booking-tickets-pdf`,
  summary: 'The tickets of a confirmed booking as a PDF, one page per ticket (the token of the ticket page)',
  tag: 'Buyers',
  access: 'public',
  query: BookingAccess,
  file: { contentType: 'application/pdf', extension: 'pdf' },
});

/** The booking's dates as a calendar file (`.ics`, one event per date in the event's zone). */
export const bookingCalendar = defineFileRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/booking-calendar`,
  summary: 'The dates of a confirmed booking as an iCalendar file (the token of the ticket page)',
  tag: 'Buyers',
  access: 'public',
  query: BookingAccess,
  file: { contentType: 'text/calendar; charset=utf-8', extension: 'ics' },
});

/** Why a booking has no ticket files (yet). */
export const TICKET_FILE_MESSAGES = {
  notConfirmed: 'This booking has no tickets yet: it is not confirmed.',
} as const;

export const BOOKING_MESSAGES = {
  soldOut: (name: string, left: number) =>
    left > 0 ? `Only ${left} ${name} tickets are left.` : `${name} tickets are sold out.`,
  notOnSale: 'Tickets for this event are not on sale.',
  holdExpired: 'Your reservation has expired. Please choose your tickets again.',
  perOrderMax: (max: number) => `You can buy at most ${max} tickets in one order.`,
  belowMinimum: (name: string, min: number) => `Choose at least ${min} ${name} tickets.`,
  aboveMaximum: (name: string, max: number) => `You can buy at most ${max} ${name} tickets in one order.`,
  donationMinimum: 'Give at least the minimum amount.',
  /** The buyer page's words for MAX_DONATION_MINOR, in the event's currency. */
  donationMaximum: (max: string) => `Give at most ${max} per ticket.`,
  orderTotalMaximum: `One order can total at most ${groupDigits(MAX_ORDER_TOTAL_MINOR)} minor units (${formatMinorUnits(MAX_ORDER_TOTAL_MINOR)} with two decimals); split it into several orders.`,
  attendeesNeeded: 'Enter a name for each ticket.',
  buyerNeeded: 'Enter your name and email address, or sign in.',
} as const;
