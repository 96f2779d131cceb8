import { z } from 'zod';
import { BookingStatus, TicketStatus } from './booking.js';
import { EventKind, NamedRef, ORGANIZER_PATH } from './event-basics.js';
import { dayInput } from './limits.js';
import { defineRoute, envelope, keysetCursor, pageOf, pageQuery } from './route.js';

/**
 * The organizer's orders (spec paths under /api/v1/organizer/). Every call that names an event declares
 * event access (`read`: owners, administrators, event organizers; scanners see no orders). Lists without
 * an event are scoped to the events the caller may read.
 */

/** Page, limit and search of every list (the shared `pageQuery`); each list declares its own sort. */
const listPage = pageQuery.pick({ page: true, limit: true, search: true }).shape;

export const OrderFilters = z.object({
  ...listPage,
  /** The order lists page by keyset (`nextCursor`). */
  cursor: keysetCursor,
  sort: z
    .string()
    .regex(/^-?(createdAt|total|code|buyerName)$/, 'Sort by createdAt, total, code or buyerName')
    .optional(),
  organizationId: z.uuid().optional(),
  eventId: z.uuid().optional(),
  occurrenceId: z.uuid().optional(),
  status: BookingStatus.optional(),
  /** Calendar dates (yyyy-MM-dd) of the order, in the caller's time zone header. */
  from: dayInput().optional(),
  to: dayInput().optional(),
});
export type OrderFilters = z.input<typeof OrderFilters>;

export const OrderSummary = z.object({
  _id: z.uuid(),
  code: z.string(),
  status: BookingStatus,
  buyer: z.object({ name: z.string(), email: z.string(), userId: z.uuid().nullable() }),
  event: z.object({ _id: z.uuid(), title: z.string(), kind: EventKind, timeZone: z.string() }),
  organization: NamedRef,
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
  ticketCount: z.number().int().nonnegative(),
  currency: z.string(),
  subtotal: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  refunded: z.number().int(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The promo code applied (docs/promo-codes.md) and what it took off the list prices. */
  promoCode: z.string().nullable().optional(),
  discount: z.number().int().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const TicketRow = z.object({
  _id: z.uuid(),
  bookingId: z.uuid(),
  bookingCode: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  status: TicketStatus,
  price: z.number().int(),
  currency: z.string(),
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
  scannedAt: z.string().nullable(),
  /** The QR payload, shown on view-tickets to organizers of the event. */
  code: z.string(),
});
export type TicketRow = z.infer<typeof TicketRow>;

export const LedgerLine = z.object({
  account: z.enum(['BUYER_PAYMENTS', 'PLATFORM_FEES', 'ORGANIZER_PAYABLE']),
  /** Signed minor units: debits positive, credits negative; each posting group sums to zero. */
  amount: z.number().int(),
  kind: z.string(),
  groupId: z.uuid(),
  createdAt: z.string(),
});

export const OrderTimelineEntry = z.object({
  at: z.string(),
  /** HELD, PAYMENT_STARTED, PAYMENT_SUCCEEDED, PAYMENT_FAILED, CONFIRMED, EXPIRED, CANCELLED, EMAIL_SENT … */
  kind: z.string(),
  detail: z.string().nullable(),
});

export const OrderDetail = OrderSummary.extend({
  lines: z.array(
    z.object({
      ticketTypeId: z.uuid(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      unitFee: z.number().int(),
    }),
  ),
  organizerAmount: z.number().int(),
  feePaidBy: z.enum(['BUYER', 'ABSORBED']),
  payment: z
    .object({ provider: z.string(), reference: z.string().nullable(), status: z.string() })
    .nullable(),
  tickets: z.array(TicketRow),
  ledger: z.array(LedgerLine),
  timeline: z.array(OrderTimelineEntry),
  holdExpiresAt: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const organizerBookingList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-booking-list`,
  summary: 'Orders of the events the caller may read: search by code, buyer name or email; filters; sort',
  tag: 'Orders',
  access: 'console',
  query: OrderFilters,
  response: envelope(pageOf(OrderSummary)),
});

export const organizerBookingDetail = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-booking-detail`,
  summary: 'One order: buyer, tickets, payment, fees, ledger lines and timeline',
  tag: 'Orders',
  access: { booking: 'read', from: 'query.bookingId' },
  query: z.object({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(OrderDetail),
});

/** At most this many ticket resends (organizer's and buyer's together) per order in an hour. */
export const RESEND_TICKETS_PER_HOUR = 3;

export const RESEND_MESSAGES = {
  notConfirmed: (status: string) =>
    `Only a confirmed order's tickets can be emailed again; this order is ${status.toLowerCase()}.`,
  tooMany: (minutes: number) =>
    `The tickets of this order were emailed ${RESEND_TICKETS_PER_HOUR} times in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  organizerDone: "The tickets are on their way to the buyer's email address.",
  buyerDone: 'Your tickets are on their way to the email address of the booking.',
} as const;

/** What a resend answers: when the email was queued (the outbox sends it within seconds). */
export const TicketsResent = z.object({ bookingId: z.uuid(), queuedAt: z.string() });
export type TicketsResent = z.infer<typeof TicketsResent>;

export const resendOrderTickets = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/resend-order-tickets`,
  summary: "Email a confirmed order's tickets to its buyer again (a few times an hour per order)",
  tag: 'Orders',
  access: { booking: 'manage', from: 'body.bookingId' },
  body: z.object({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(TicketsResent),
});

const TicketFilters = z.object({
  ...listPage,
  status: TicketStatus.optional(),
  scanned: z.enum(['true', 'false']).optional(),
});

export const organizerBookingTicketList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-booking-ticket-list`,
  summary: 'The tickets of one order',
  tag: 'Orders',
  access: { booking: 'read', from: 'query.bookingId' },
  query: TicketFilters.extend({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(pageOf(TicketRow)),
});

export const viewTicketList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/view-ticket-list`,
  summary: 'Chosen tickets (view-tickets), by ticket ids of one event',
  tag: 'Orders',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({
    eventId: z.uuid({ error: 'Choose an event' }),
    /** Comma-separated ticket ids, or booking ids with `bookingIds`. */
    ticketIds: z.string().max(4000).optional(),
    bookingIds: z.string().max(4000).optional(),
  }),
  response: envelope(z.array(TicketRow)),
});

export const organizerEventBookingList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-event-booking-list`,
  summary: 'The orders of one event',
  tag: 'Orders',
  access: { event: 'read', from: 'query.eventId' },
  query: OrderFilters.omit({ organizationId: true, eventId: true }).extend({
    eventId: z.uuid({ error: 'Choose an event' }),
  }),
  response: envelope(pageOf(OrderSummary)),
});

export const organizerEventBookingTicketList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-event-booking-ticket-list`,
  summary: 'The tickets of one event',
  tag: 'Orders',
  access: { event: 'read', from: 'query.eventId' },
  query: TicketFilters.extend({
    eventId: z.uuid({ error: 'Choose an event' }),
    occurrenceId: z.uuid().optional(),
  }),
  response: envelope(pageOf(TicketRow)),
});

export const AttendeeRow = TicketRow.extend({ checkedIn: z.boolean() });

export const eventAttendeesList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/event-attendees-list`,
  summary: 'One row per ticket of an event with its check-in state',
  tag: 'Orders',
  access: { event: 'read', from: 'query.eventId' },
  query: TicketFilters.extend({
    eventId: z.uuid({ error: 'Choose an event' }),
    occurrenceId: z.uuid().optional(),
  }),
  response: envelope(pageOf(AttendeeRow)),
});

export const RegisteredUser = z.object({
  email: z.string(),
  name: z.string(),
  userId: z.uuid().nullable(),
  bookings: z.number().int(),
  tickets: z.number().int(),
  lastBookedAt: z.string(),
});

export const eventRegisteredUsers = defineRoute({
  method: 'GET',
  path: '/api/v1/event/event-registered-users',
  summary: 'People with confirmed bookings for an event',
  tag: 'Orders',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ ...listPage, eventId: z.uuid({ error: 'Choose an event' }) }),
  response: envelope(pageOf(RegisteredUser)),
});

/**
 * Exports (beyond the spec): a file streamed from a database cursor, constant memory, no row cap.
 * The answer is the file itself (not the JSON envelope); `x-total-rows` says how many rows follow so the
 * console can show progress.
 */
export const ExportKind = z.enum(['orders', 'tickets', 'attendees']);
export const ExportFormat = z.enum(['csv', 'xlsx']);
export const EXPORT_PATH = `${ORGANIZER_PATH}/export`;
export const ExportQuery = OrderFilters.omit({ page: true, limit: true, cursor: true }).extend({
  kind: ExportKind,
  format: ExportFormat,
  /** Only these orders (bulk selection), comma-separated. */
  bookingIds: z.string().max(4000).optional(),
});
export type ExportQuery = z.input<typeof ExportQuery>;
