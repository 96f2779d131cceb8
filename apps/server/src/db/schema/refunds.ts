import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, paymentStatusEnum, tickets } from './bookings.js';
import { reasons } from './catalog.js';
import { events } from './events.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** docs/refunds.md */
export const refundStatusEnum = pgEnum('refund_status', ['PENDING', 'PROCESSED', 'FAILED']);
export const refundSourceEnum = pgEnum('refund_source', ['BUYER_REQUEST', 'ORGANIZER', 'EVENT_CANCELLED']);
export const refundRequestStatusEnum = pgEnum('refund_request_status', [
  'REQUESTED',
  'APPROVED',
  'DECLINED',
  'PROCESSED',
]);
export const eventRefundJobStatusEnum = pgEnum('event_refund_job_status', [
  'WAITING_FOR_DUE',
  'QUEUED',
  'RUNNING',
  'COMPLETED',
  'FAILED',
]);
export const duePurposeEnum = pgEnum('due_purpose', ['ORDER_REFUND', 'EVENT_CANCELLATION']);

/** A buyer's request for a refund of some tickets of a booking; the organizer decides per ticket. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: refundRequestStatusEnum('status').notNull().default('REQUESTED'),
    reasonId: uuid('reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    /** The reason's text when asked (reasons can be edited or deleted later). */
    reasonText: text('reason_text').notNull(),
    note: text('note'),
    declineReasonId: uuid('decline_reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    declineReasonText: text('decline_reason_text'),
    declineNote: text('decline_note'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_requests_booking_idx').on(t.bookingId),
    index('refund_requests_event_idx').on(t.eventId, t.status, t.createdAt),
    index('refund_requests_organization_idx').on(t.organizationId, t.status, t.createdAt),
  ],
);

/** Each ticket of a request and its own decision. */
export const refundRequestTickets = pgTable(
  'refund_request_tickets',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => refundRequests.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    status: refundRequestStatusEnum('status').notNull().default('REQUESTED'),
    /** What refunding it would give back when asked. */
    amount: integer('amount').notNull(),
    refundId: uuid('refund_id'),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.ticketId] }),
    // A ticket waits in at most one open request.
    uniqueIndex('refund_request_tickets_open_idx').on(t.ticketId).where(sql`status = 'REQUESTED'`),
  ],
);

/**
 * Money going back to a buyer. Reserved on the booking and tickets when created (PENDING), sent to
 * the provider outside any lock, then PROCESSED with its ledger posting in one transaction.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The caller's key, scoped by who asked (`org:<user>:<key>`, `buyer:<booking>:<key>`, `job:<event>:<booking>`). */
    idempotencyKey: text('idempotency_key').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id').references(() => refundRequests.id, { onDelete: 'set null' }),
    source: refundSourceEnum('source').notNull(),
    status: refundStatusEnum('status').notNull().default('PENDING'),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    feePart: integer('fee_part').notNull(),
    organizerPart: integer('organizer_part').notNull(),
    refundServiceFee: boolean('refund_service_fee').notNull(),
    reason: text('reason'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    initiatedBy: uuid('initiated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_pending_idx').on(t.updatedAt).where(sql`status = 'PENDING'`),
    index('refunds_organization_idx').on(t.organizationId, t.status),
    // Dashboards count refunds by the moment the money went back.
    index('refunds_processed_idx')
      .on(t.organizationId, t.processedAt)
      .where(sql`${t.processedAt} is not null`),
    // The dashboards' roll-up job and the administrators' live tail read every organization's refunds of a range.
    index('refunds_processed_at_idx').on(t.processedAt).where(sql`${t.processedAt} is not null`),
    check(
      'refunds_amounts_check',
      sql`${t.amount} >= 0 and ${t.feePart} >= 0 and ${t.feePart} <= ${t.amount} and ${t.organizerPart} = ${t.amount} - ${t.feePart}`,
    ),
  ],
);

export const refundTickets = pgTable(
  'refund_tickets',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    feePart: integer('fee_part').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.ticketId] }),
    index('refund_tickets_ticket_idx').on(t.ticketId),
  ],
);

/** Money paid out to an organization (the sandbox pays out a completed event's sales; docs/refunds.md). */
export const organizationPayouts = pgTable(
  'organization_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_payouts_organization_idx').on(t.organizationId, t.createdAt)],
);

/** What an organizer pays in because a refund's organizer part exceeds what the platform holds for it. */
export const duePayments = pgTable(
  'due_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    purpose: duePurposeEnum('purpose').notNull(),
    status: paymentStatusEnum('status').notNull().default('PENDING'),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    redirectUrl: text('redirect_url'),
    clientSecret: text('client_secret'),
    /** The refund to run once paid (order refunds): ticket ids, amount, fee choice, note, idempotency key. */
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('due_payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('due_payments_organization_idx').on(t.organizationId, t.createdAt),
    index('due_payments_booking_idx').on(t.bookingId),
    check('due_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The cancellation refund of one event: progress kept here, work done by the job queue (pg-boss). */
export const eventRefundJobs = pgTable(
  'event_refund_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: eventRefundJobStatusEnum('status').notNull().default('QUEUED'),
    refundServiceFee: boolean('refund_service_fee').notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    lastError: text('last_error'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('event_refund_jobs_event_idx').on(t.eventId)],
);

export type RefundRow = typeof refunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type DuePaymentRow = typeof duePayments.$inferSelect;
export type EventRefundJobRow = typeof eventRefundJobs.$inferSelect;
