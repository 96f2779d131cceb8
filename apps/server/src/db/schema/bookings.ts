import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { eventOccurrences, events, eventTicketTypes, ticketInventory } from './events.js';
import { organizations, serviceFeePayerEnum } from './organizations.js';
import { promoCodes } from './promo-codes.js';
import { users } from './users.js';

/** docs/selling.md: HELD reserves seats until hold_expires_at; only CONFIRMED bookings have tickets. */
export const bookingStatusEnum = pgEnum('booking_status', [
  'HELD',
  'CONFIRMED',
  'EXPIRED',
  'FAILED',
  'CANCELLED',
]);
export const ticketStatusEnum = pgEnum('ticket_status', ['VALID', 'CANCELLED', 'REFUNDED']);
export const paymentStatusEnum = pgEnum('payment_status', ['PENDING', 'SUCCEEDED', 'FAILED']);
export const ledgerAccountEnum = pgEnum('ledger_account', [
  'BUYER_PAYMENTS',
  'PLATFORM_FEES',
  'ORGANIZER_PAYABLE',
]);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** An order. Amounts in minor units of `currency`; `total` is what the buyer pays. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to people (order code): short, unambiguous letters and digits. */
    code: text('code').notNull(),
    /** SHA-256 of the buyer's bearer token (ticket page links carry the token itself). */
    accessTokenHash: text('access_token_hash').notNull(),
    /**
     * A paid booking's token from checkout, still accepted after confirmation replaced `access_token_hash`
     * with the emailed token's (only hashes are stored, so the email needs a fresh token; docs/selling.md).
     */
    checkoutTokenHash: text('checkout_token_hash'),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** The date booked; null for a course (all sessions). */
    occurrenceId: uuid('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'restrict' }),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    status: bookingStatusEnum('status').notNull().default('HELD'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    serviceFee: integer('service_fee').notNull(),
    total: integer('total').notNull(),
    /**
     * Seats chosen: the sum of its lines' quantities, kept by the `booking_lines_count_seats` trigger
     * (migration 0019) whoever writes the lines, so that lists, exports and dashboards read it from the
     * row instead of summing `booking_lines` per order (a million index probes in a full export).
     */
    seats: integer('seats').notNull().default(0),
    /** What the organizer is owed for it (subtotal, less the fee when absorbed). */
    organizerAmount: integer('organizer_amount').notNull(),
    feePaidBy: serviceFeePayerEnum('fee_paid_by').notNull(),
    refunded: integer('refunded').notNull().default(0),
    /** Of `refunded`: the platform's fee given back, and the organizer's part (docs/refunds.md). */
    feeRefunded: integer('fee_refunded').notNull().default(0),
    organizerRefunded: integer('organizer_refunded').notNull().default(0),
    /** Set when the organizer's part of this booking was paid out (after the event completed). */
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    returnPath: text('return_path'),
    /** The promo code applied (docs/promo-codes.md); the code's text is kept should it be deleted. */
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    /** Minor units taken off the list prices by the code (subtotal is after it). */
    discount: integer('discount').notNull().default(0),
    /** The order holds one of the code's uses: set at checkout, cleared once by whatever gives it back. */
    promoUseHeld: boolean('promo_use_held').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_code_idx').on(t.code),
    index('bookings_event_idx').on(t.eventId, t.status, t.createdAt),
    index('bookings_organization_idx').on(t.organizationId, t.createdAt),
    // Dashboards read sales by the moment they were confirmed (organizer's and administrators').
    index('bookings_confirmed_idx')
      .on(t.organizationId, t.confirmedAt)
      .where(sql`${t.confirmedAt} is not null`),
    index('bookings_confirmed_at_idx').on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
    index('bookings_buyer_idx').on(t.buyerUserId),
    index('bookings_buyer_email_idx').on(sql`lower(${t.buyerEmail})`),
    index('bookings_promo_code_idx').on(t.promoCodeId).where(sql`${t.promoCodeId} is not null`),
    index('bookings_held_expiry_idx').on(t.holdExpiresAt).where(sql`status = 'HELD'`),
    check(
      'bookings_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.serviceFee} >= 0 and ${t.total} >= 0 and ${t.organizerAmount} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`,
    ),
    check('bookings_total_check', sql`${t.total} = ${t.organizerAmount} + ${t.serviceFee}`),
    check(
      'bookings_refund_split_check',
      sql`${t.feeRefunded} >= 0 and ${t.feeRefunded} <= ${t.serviceFee} and ${t.organizerRefunded} >= 0 and ${t.feeRefunded} + ${t.organizerRefunded} = ${t.refunded}`,
    ),
  ],
);

/** What was chosen: one row per ticket type, with the prices of the moment and the inventory it took. */
export const bookingLines = pgTable(
  'booking_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'restrict' }),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => ticketInventory.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    unitFee: integer('unit_fee').notNull(),
    /** Minor units a promo code took off each ticket: `unit_price` is what was paid, the list price is the sum. */
    unitDiscount: integer('unit_discount').notNull().default(0),
    attendees: jsonb('attendees').$type<string[]>(),
  },
  (t) => [
    index('booking_lines_booking_idx').on(t.bookingId),
    check(
      'booking_lines_quantity_check',
      sql`${t.quantity} >= 1 and ${t.unitPrice} >= 0 and ${t.unitFee} >= 0`,
    ),
  ],
);

/** One per seat of a confirmed booking; `code` is the QR payload (128 random bits, base64url). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    occurrenceId: uuid('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'restrict' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    attendeeName: text('attendee_name'),
    price: integer('price').notNull(),
    /** This seat's service fee (the platform's part, whoever paid it). */
    fee: integer('fee').notNull().default(0),
    /** Given back to the buyer for this seat so far, and the platform's part of that. */
    refunded: integer('refunded').notNull().default(0),
    feeRefunded: integer('fee_refunded').notNull().default(0),
    status: ticketStatusEnum('status').notNull().default('VALID'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_code_idx').on(t.code),
    index('tickets_booking_idx').on(t.bookingId),
    index('tickets_event_idx').on(t.eventId, t.occurrenceId),
    // The dashboards' check-in rate counts the valid tickets of dates and how many were admitted from
    // this index alone (an index-only scan), not from the rows of tens of thousands of tickets.
    index('tickets_valid_checkin_idx')
      .on(t.eventId, t.occurrenceId, t.scannedAt)
      .where(sql`${t.status} = 'VALID'`),
    check(
      'tickets_refund_check',
      sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.price} + ${t.fee} and ${t.feeRefunded} >= 0 and ${t.feeRefunded} <= ${t.fee} and ${t.feeRefunded} <= ${t.refunded}`,
    ),
  ],
);

/** A payment attempt of a booking with a provider; `providerRef` is the provider's id (webhooks name it). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    applicationFee: integer('application_fee').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatusEnum('status').notNull().default('PENDING'),
    redirectUrl: text('redirect_url'),
    clientSecret: text('client_secret'),
    failureReason: text('failure_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

/** Provider callbacks already handled: a duplicate delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerRef: text('provider_ref'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/**
 * Double-entry ledger: each posting group (a confirmed booking; later a refund) sums to zero.
 * Debits positive, credits negative, minor units of `currency`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id').notNull(),
    /** Null for postings of the whole organization (PAYOUT). */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    account: ledgerAccountEnum('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /**
     * BOOKING_CONFIRMED; REFUND (group = the refund's id); PAYOUT (to the organizer); DUE_PAID (the
     * organizer paying in what a refund needed). BUYER_PAYMENTS is the money the platform holds.
     */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_group_idx').on(t.groupId),
    index('ledger_entries_booking_idx').on(t.bookingId),
    index('ledger_entries_organization_idx').on(t.organizationId, t.account),
    // One confirmation posting per booking, whatever the number of callbacks.
    uniqueIndex('ledger_entries_confirmation_idx')
      .on(t.bookingId, t.account)
      .where(sql`kind = 'BOOKING_CONFIRMED'`),
    // One posting per refund, per due payment and per payout, whatever the retries.
    uniqueIndex('ledger_entries_posting_idx')
      .on(t.groupId, t.account)
      .where(sql`kind in ('REFUND', 'PAYOUT', 'DUE_PAID')`),
  ],
);

/** What happened to an order, for the organizer's timeline. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.at)],
);

/**
 * Further ticket page tokens of an order (hashes only), issued when an organizer emails its tickets
 * again: the email needs a token in plain text and only hashes are kept, so it carries a new one,
 * added here instead of replacing `access_token_hash` or `checkout_token_hash`. Every link the buyer
 * was ever given keeps opening the tickets (docs/selling.md, "Resending tickets").
 */
export const bookingLinkTokens = pgTable(
  'booking_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_link_tokens_booking_idx').on(t.bookingId)],
);

export type BookingRow = typeof bookings.$inferSelect;
export type BookingLineRow = typeof bookingLines.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
