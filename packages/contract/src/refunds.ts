import { z } from 'zod';
import { BOOKING_PATH, PaymentProviderName, TicketStatus } from './booking.js';
import { emptySelectionMessage, MAX_ORDER_TOTAL_MINOR } from './common.js';
import { NamedRef, ORGANIZER_PATH } from './event-basics.js';
import { dayInput, returnPathInput } from './limits.js';
import { OrderSummary } from './orders.js';
import { RefundApproval, RefundPolicy } from './organization.js';
import { Reason } from './reference.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * Refunds (docs/refunds.md): buyers' requests, organizer-initiated refunds, event cancellation refunds
 * and what organizers owe. Every amount is in minor units of the booking's currency. Every call that
 * moves money takes an `idempotency-key` header (required): a retry with it moves no more money.
 */

// ---------- Shared shapes ----------

/** The state of one refund (money going back to the buyer). */
export const RefundStatus = z.enum(['PENDING', 'PROCESSED', 'FAILED']);
export type RefundStatus = z.infer<typeof RefundStatus>;
/** Who started it. */
export const RefundSource = z.enum(['BUYER_REQUEST', 'ORGANIZER', 'EVENT_CANCELLED']);
export type RefundSource = z.infer<typeof RefundSource>;
/** A buyer's request, and each ticket in it. */
export const RefundRequestStatus = z.enum(['REQUESTED', 'APPROVED', 'DECLINED', 'PROCESSED']);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatus>;

/** What the organization's refund setting allows for one booking now. */
export const RefundPolicyView = z.object({
  policy: RefundPolicy,
  hoursBeforeStart: z.number().int().nullable(),
  approval: RefundApproval,
  refundServiceFee: z.boolean(),
  /** The last moment a buyer may ask (ISO), null when there is none or no refunds at all. */
  deadline: z.string().nullable(),
  /** Whether a buyer may ask now. */
  open: z.boolean(),
  /** Why not, in words for the buyer, when `open` is false. */
  closedReason: z.string().nullable(),
  /** The rule in one sentence, e.g. "Refunds until 24 hours before the event starts." */
  summary: z.string(),
});
export type RefundPolicyView = z.infer<typeof RefundPolicyView>;

/** One ticket and what can still be refunded of it. */
export const RefundableTicket = z.object({
  _id: z.uuid(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  status: TicketStatus,
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
  /** What the buyer paid for it (price, plus the service fee when the buyer paid it). */
  paid: z.number().int(),
  /** Its service fee (the platform's part). */
  fee: z.number().int(),
  /** Already refunded to the buyer. */
  refunded: z.number().int(),
  /** What a refund of it would give back now, with the organization's fee setting. */
  refundable: z.number().int(),
  /** Whether it can be chosen (VALID, or REFUNDED with something left). */
  selectable: z.boolean(),
  /** The open buyer's request it is in, if any. */
  requestId: z.uuid().nullable(),
});
export type RefundableTicket = z.infer<typeof RefundableTicket>;

/** The split of a refund before it is confirmed. */
export const RefundQuote = z.object({
  currency: z.string(),
  /** What the buyer gets back. */
  amount: z.number().int(),
  /** The part the platform gives back (its service fee); 0 when the fee is not refunded. */
  feePart: z.number().int(),
  /** The part that comes from the organizer's money (amount − feePart). */
  organizerPart: z.number().int(),
  refundServiceFee: z.boolean(),
  tickets: z.array(z.object({ ticketId: z.uuid(), amount: z.number().int(), feePart: z.number().int() })),
  /** What the platform still holds for the organizer in this currency (sales not yet paid out). */
  organizerHeld: z.number().int(),
  /** What the organizer must pay first because the held money does not cover its part (0 when covered). */
  due: z.number().int(),
  /** The held balance once the refund is done (never below 0: the due covers the rest). */
  organizerBalanceAfter: z.number().int(),
});
export type RefundQuote = z.infer<typeof RefundQuote>;

export const RefundView = z.object({
  _id: z.uuid(),
  bookingId: z.uuid(),
  bookingCode: z.string(),
  status: RefundStatus,
  source: RefundSource,
  currency: z.string(),
  amount: z.number().int(),
  feePart: z.number().int(),
  organizerPart: z.number().int(),
  ticketIds: z.array(z.uuid()),
  reason: z.string().nullable(),
  /** The provider's error of the last attempt while PENDING or FAILED. */
  failureReason: z.string().nullable(),
  initiatedBy: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

export const RefundRequestView = z.object({
  _id: z.uuid(),
  status: RefundRequestStatus,
  booking: z.object({ _id: z.uuid(), code: z.string(), total: z.number().int(), refunded: z.number().int() }),
  event: z.object({ _id: z.uuid(), title: z.string(), timeZone: z.string() }),
  organization: NamedRef,
  buyer: z.object({ name: z.string(), email: z.string() }),
  reason: z.string(),
  note: z.string().nullable(),
  /** The organizer's reason when declined. */
  declineReason: z.string().nullable(),
  tickets: z.array(
    z.object({
      _id: z.uuid(),
      ticketTypeName: z.string(),
      attendeeName: z.string().nullable(),
      status: RefundRequestStatus,
      /** What refunding it would give back when asked (the policy of that moment). */
      amount: z.number().int(),
    }),
  ),
  /** Sum of the requested tickets' amounts. */
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type RefundRequestView = z.infer<typeof RefundRequestView>;

/** What a refund call did. */
export const RefundOutcome = z.object({
  refund: RefundView,
  /** PROCESSED: done; PENDING: the provider has not confirmed yet and it will be finished, not repeated. */
  message: z.string(),
});
export type RefundOutcome = z.infer<typeof RefundOutcome>;

/** Per order of a bulk refund. */
export const BulkRefundItem = z.object({
  bookingId: z.uuid(),
  code: z.string(),
  outcome: z.enum(['PROCESSED', 'PENDING', 'NOTHING_TO_REFUND', 'DUE_REQUIRED', 'FAILED']),
  amount: z.number().int(),
  due: z.number().int(),
  message: z.string(),
});
export const BulkRefundResult = z.object({
  items: z.array(BulkRefundItem),
  processed: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  currency: z.string().nullable(),
  amount: z.number().int(),
});
export type BulkRefundResult = z.infer<typeof BulkRefundResult>;

/** The cancellation refund of one event: one background job, resumable after a restart. */
export const EventRefundJobStatus = z.enum(['WAITING_FOR_DUE', 'QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']);
export const EventRefundJob = z.object({
  _id: z.uuid(),
  eventId: z.uuid(),
  status: EventRefundJobStatus,
  refundServiceFee: z.boolean(),
  currency: z.string(),
  /** Paid bookings to refund, and how many are done (processed or nothing left), pending, failed. */
  total: z.number().int(),
  done: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type EventRefundJob = z.infer<typeof EventRefundJob>;

export const EventRefundPlan = z.object({
  event: z.object({ _id: z.uuid(), title: z.string(), status: z.string(), timeZone: z.string() }),
  currency: z.string(),
  bookings: z.number().int(),
  tickets: z.number().int(),
  quote: RefundQuote.omit({ tickets: true }),
  /** Already paid towards the due of this cancellation. */
  duePaid: z.number().int(),
  job: EventRefundJob.nullable(),
});
export type EventRefundPlan = z.infer<typeof EventRefundPlan>;

export const DuePurpose = z.enum(['ORDER_REFUND', 'EVENT_CANCELLATION']);
export const DuePayment = z.object({
  _id: z.uuid(),
  purpose: DuePurpose,
  organizationId: z.uuid(),
  bookingId: z.uuid().nullable(),
  bookingCode: z.string().nullable(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  amount: z.number().int(),
  currency: z.string(),
  provider: PaymentProviderName,
  /** The sandbox card page to pay on, or Stripe's client secret. */
  redirectUrl: z.string().nullable(),
  clientSecret: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DuePayment = z.infer<typeof DuePayment>;

// ---------- Buyer side (the buyer API) ----------

const BuyerAccess = {
  bookingId: z.uuid({ error: 'Choose a booking' }),
  token: z.string().min(16).max(200),
};

export const BuyerRefundOptions = z.object({
  policy: RefundPolicyView,
  currency: z.string(),
  tickets: z.array(RefundableTicket),
  /** The refund-request reasons to choose from. */
  reasons: z.array(Reason),
  requests: z.array(RefundRequestView),
  refunds: z.array(RefundView),
});
export type BuyerRefundOptions = z.infer<typeof BuyerRefundOptions>;

export const getRefundOptions = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/refund-options`,
  summary: 'What the refund policy allows for this booking now, its tickets, reasons, requests and refunds',
  tag: 'Buyers',
  access: 'public',
  query: z.object(BuyerAccess),
  response: envelope(BuyerRefundOptions),
});

/** A ticket id in a selection (a hand-edited link shows this instead of a bare "Invalid UUID"). */
const TicketId = z.uuid({ error: 'A chosen ticket is not a valid ticket id' });

const Note = z.string().trim().max(1000, 'The note can have at most 1000 characters').optional();
const TicketIds = (action: string) =>
  z
    .array(TicketId, { error: `You seem to be trying to ${action}, but no tickets are selected.` })
    .min(1, `You seem to be trying to ${action}, but no tickets are selected.`)
    .max(500);

/** The spec's empty-selection messages (section 5), in the one wording of every bulk action. */
export const EMPTY_SELECTION = {
  issueRefund: emptySelectionMessage('issue refund'),
  declineRefund: emptySelectionMessage('decline refund'),
};

export const RequestRefundBody = z.object({
  ...BuyerAccess,
  ticketIds: TicketIds('ask for a refund'),
  reasonId: z.uuid({ error: 'Choose a reason' }),
  note: Note,
});
export type RequestRefundBody = z.input<typeof RequestRefundBody>;

export const requestRefund = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/request-refund`,
  summary: 'Ask for a refund of some tickets; approved at once when the organization approves automatically',
  tag: 'Buyers',
  access: 'public',
  body: RequestRefundBody,
  response: envelope(RefundRequestView),
});

// ---------- Organizer side: buyers' requests ----------

const listPage = pageQuery.pick({ page: true, limit: true, search: true }).shape;

export const RefundRequestFilters = z.object({
  ...listPage,
  sort: z
    .string()
    .regex(/^-?(createdAt|amount)$/, 'Sort by createdAt or amount')
    .optional(),
  status: RefundRequestStatus.optional(),
  organizationId: z.uuid().optional(),
  eventId: z.uuid().optional(),
  /** Calendar dates (yyyy-MM-dd) of the request, in the caller's time zone header. */
  from: dayInput().optional(),
  to: dayInput().optional(),
});
export type RefundRequestFilters = z.input<typeof RefundRequestFilters>;

export const organizerRefundBookingTicketList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-refund-booking-ticket-list`,
  summary: "Buyers' refund requests of the events the caller may manage: search by order code, buyer, event",
  tag: 'Refunds',
  access: 'console',
  query: RefundRequestFilters,
  response: envelope(pageOf(RefundRequestView)),
});

/** Optional partial amount and fee choice of an organizer's refund. */
const RefundChoice = {
  /** Less than everything refundable: a partial refund (minor units). */
  amount: z
    .number()
    .int('Enter a whole amount in minor units')
    .min(0, 'Enter an amount of 0 or more')
    .max(MAX_ORDER_TOTAL_MINOR, `An amount is at most ${MAX_ORDER_TOTAL_MINOR} minor units`)
    .optional(),
  /** Whether the service fee is refunded; default the organization's setting. */
  refundServiceFee: z.boolean().optional(),
  note: Note,
};

const RequestId = z.uuid({ error: 'Choose a refund request' });

export const refundProcessed = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/refund-processed`,
  summary: 'Approve chosen tickets of a request and refund them',
  tag: 'Refunds',
  access: { refundRequest: 'manage', from: 'body.requestId' },
  body: z.object({
    requestId: RequestId,
    ticketIds: z
      .array(TicketId, { error: EMPTY_SELECTION.issueRefund })
      .min(1, EMPTY_SELECTION.issueRefund)
      .max(500),
    ...RefundChoice,
  }),
  response: envelope(RefundOutcome),
});

export const bookingRefundProcessed = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/booking-refund-processed`,
  summary: 'Approve a whole request (every ticket still asked for) and refund it',
  tag: 'Refunds',
  access: { refundRequest: 'manage', from: 'body.requestId' },
  body: z.object({ requestId: RequestId, ...RefundChoice }),
  response: envelope(RefundOutcome),
});

const DeclineReason = {
  reasonId: z.uuid({ error: 'Choose a reason for declining' }),
  note: Note,
};

export const declineRefundRequest = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/decline-refund-request`,
  summary: 'Decline chosen tickets of a request with a reason (the buyer is emailed)',
  tag: 'Refunds',
  access: { refundRequest: 'manage', from: 'body.requestId' },
  body: z.object({
    requestId: RequestId,
    ticketIds: z
      .array(TicketId, { error: EMPTY_SELECTION.declineRefund })
      .min(1, EMPTY_SELECTION.declineRefund)
      .max(500),
    ...DeclineReason,
  }),
  response: envelope(RefundRequestView),
});

export const declineBookingRefundRequest = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/decline-booking-refund-request`,
  summary: 'Decline a whole request with a reason (the buyer is emailed)',
  tag: 'Refunds',
  access: { refundRequest: 'manage', from: 'body.requestId' },
  body: z.object({ requestId: RequestId, ...DeclineReason }),
  response: envelope(RefundRequestView),
});

// ---------- Organizer side: refunds they start ----------

export const TicketsForRefund = z.object({
  order: OrderSummary,
  policy: RefundPolicyView,
  tickets: z.array(RefundableTicket),
  /** Everything still refundable with the organization's fee setting. */
  refundable: z.number().int(),
  refunds: z.array(RefundView),
  requests: z.array(RefundRequestView),
  /** Due payments of this order not settled yet. */
  dues: z.array(DuePayment),
});
export type TicketsForRefund = z.infer<typeof TicketsForRefund>;

export const organizerTicketsForRefund = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-tickets-for-refund`,
  summary: 'What can be refunded in one order: tickets with amounts, earlier refunds and requests',
  tag: 'Refunds',
  access: { booking: 'read', from: 'query.bookingId' },
  query: z.object({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(TicketsForRefund),
});

export const OrderRefundBody = z.object({
  bookingId: z.uuid({ error: 'Choose an order' }),
  ticketIds: z
    .array(TicketId, { error: EMPTY_SELECTION.issueRefund })
    .min(1, EMPTY_SELECTION.issueRefund)
    .max(500),
  ...RefundChoice,
});
export type OrderRefundBody = z.input<typeof OrderRefundBody>;

export const checkBookingDueAmount = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/check-booking-due-amount`,
  summary: 'The split of a refund before it is confirmed: fee part, organizer part, held balance and due',
  tag: 'Refunds',
  access: { booking: 'manage', from: 'body.bookingId' },
  body: OrderRefundBody,
  response: envelope(RefundQuote),
});

export const confirmEventOrderRefund = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/confirm-event-order-refund`,
  summary: 'Refund chosen tickets of one order, in full or a partial amount (idempotency key required)',
  tag: 'Refunds',
  access: { booking: 'manage', from: 'body.bookingId' },
  /** `eventId`: the event whose orders the refund was started from; an order of another event is a 404. */
  body: OrderRefundBody.extend({ eventId: z.uuid({ error: 'Choose an event' }).optional() }),
  response: envelope(RefundOutcome),
});

const BulkChoice = {
  refundServiceFee: z.boolean().optional(),
  note: Note,
};
const BookingIds = z
  .array(z.uuid({ error: 'A chosen order is not a valid order id' }), { error: EMPTY_SELECTION.issueRefund })
  .min(1, EMPTY_SELECTION.issueRefund)
  .max(500, 'Refund at most 500 orders at once');

export const issueRefunds = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/issue-refunds`,
  summary: 'Refund chosen orders in full (bulk, from the orders list)',
  tag: 'Refunds',
  access: { booking: 'manage', from: 'body.bookingIds' },
  body: z.object({ bookingIds: BookingIds, ...BulkChoice }),
  response: envelope(BulkRefundResult),
});

const EventId = z.uuid({ error: 'Choose an event' });

export const eventOrdersIssueRefunds = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/event-orders-issue-refunds`,
  summary: 'Refund chosen orders of one event in full',
  tag: 'Refunds',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId, bookingIds: BookingIds, ...BulkChoice }),
  response: envelope(BulkRefundResult),
});

export const eventTicketsIssueRefunds = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/event-tickets-issue-refunds`,
  summary: 'Refund chosen tickets of one event in full (grouped per order)',
  tag: 'Refunds',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({
    eventId: EventId,
    ticketIds: z
      .array(TicketId, { error: EMPTY_SELECTION.issueRefund })
      .min(1, EMPTY_SELECTION.issueRefund)
      .max(500, 'Refund at most 500 tickets at once'),
    ...BulkChoice,
  }),
  response: envelope(BulkRefundResult),
});

// ---------- Event cancellation ----------

export const issueEventRefund = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/issue-event-refund`,
  summary: "What refunding every paid order of a cancelled event will take, and the job's progress",
  tag: 'Refunds',
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ eventId: EventId, refundServiceFee: z.enum(['true', 'false']).optional() }),
  response: envelope(EventRefundPlan),
});

export const confirmEventRefund = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/confirm-event-refund`,
  summary: 'Start refunding every paid order of a cancelled event in one background job (once per event)',
  tag: 'Refunds',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId, refundServiceFee: z.boolean().optional() }),
  response: envelope(EventRefundJob),
});

/** Beyond the spec: the progress bar polls it. */
export const getEventRefundProgress = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/event-refund-progress`,
  summary: "The cancellation refund job's progress, or null before it starts",
  tag: 'Refunds',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(EventRefundJob.nullable()),
});

// ---------- What organizers owe ----------

const ReturnPath = returnPathInput('Return to a path of this console');

export const payOrderTicketDueAmount = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/pay-order-ticket-due-amount`,
  summary: 'Pay what the organizer owes for an order refund; the refund runs once the payment succeeds',
  tag: 'Refunds',
  access: { booking: 'manage', from: 'body.bookingId' },
  body: OrderRefundBody.extend({ returnPath: ReturnPath }),
  response: envelope(DuePayment),
});

export const payDueToCancelEvent = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/pay-due-to-cancel-event`,
  summary: "Pay what the organizer owes for a cancelled event's refunds; the refund job starts once paid",
  tag: 'Refunds',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId, refundServiceFee: z.boolean().optional(), returnPath: ReturnPath }),
  response: envelope(DuePayment),
});

export const OrganizationBalance = z.object({
  currency: z.string(),
  /** Sales the platform holds for the organization, not yet paid out, less refunds. */
  held: z.number().int(),
  /** Paid out to the organization so far. */
  paidOut: z.number().int(),
  /** Refunds started but not confirmed by the provider yet (their organizer part). */
  pendingRefunds: z.number().int(),
  payouts: z.array(z.object({ _id: z.uuid(), amount: z.number().int(), createdAt: z.string() })),
  dues: z.array(DuePayment),
});
export type OrganizationBalance = z.infer<typeof OrganizationBalance>;

/** Beyond the spec: the payouts tab's balance, payouts and due payments. */
export const getOrganizationBalance = defineRoute({
  method: 'GET',
  path: '/api/v1/payment/get-organization-balance',
  summary: "An organization's held balance, payouts and what it owed or owes for refunds",
  tag: 'Refunds',
  // As the payouts tab's own status (get-payout-status): the owner and administrators, not every member.
  access: { organization: 'manage', from: 'query.organizationId' },
  query: z.object({ organizationId: z.uuid({ error: 'Choose an organization' }) }),
  response: envelope(OrganizationBalance),
});

export const REFUND_MESSAGES = {
  notPaid: 'Only paid orders can be refunded.',
  nothingLeft: 'Nothing is left to refund on the chosen tickets.',
  tooMuch: (max: string) => `You can refund at most ${max} on the chosen tickets.`,
  ticketsNotInOrder: 'Some chosen tickets are not in this order.',
  policyClosed: 'Refunds are closed for this booking.',
  noRefunds: 'This organizer does not offer refunds.',
  alreadyRequested: 'Some of these tickets already have a refund request waiting for the organizer.',
  requestDecided: 'This refund request has already been decided.',
  ticketsNotRequested: 'Some chosen tickets are not waiting in this request.',
  dueRequired: (due: string) => `The organizer owes ${due} before this refund can go ahead. Pay it first.`,
  eventNotCancelled: 'Cancel the event before refunding all of its orders.',
  jobExists: 'The refunds of this event have already been started.',
};
