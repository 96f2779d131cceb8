import { integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const sandboxPayoutStatusEnum = pgEnum('sandbox_payout_status', ['PENDING', 'ACTIVE', 'RESTRICTED']);

/**
 * Connected accounts of the sandbox payments provider (the default when Stripe is not configured).
 * The onboarding link, the page's nonce and the dashboard link are bearer secrets: stored hashed.
 */
export const sandboxPayoutAccounts = pgTable(
  'sandbox_payout_accounts',
  {
    /** `sandbox_acct_…`, the provider's account id the organization keeps. */
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    email: text('email'),
    country: text('country'),
    status: sandboxPayoutStatusEnum('status').notNull().default('PENDING'),
    /** The current onboarding link (a newer link replaces it); cleared once onboarding completes. */
    linkTokenHash: text('link_token_hash'),
    linkReturnUrl: text('link_return_url'),
    linkRefreshUrl: text('link_refresh_url'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** The single-use nonce of the onboarding page last shown; its form must send it back. */
    nonceHash: text('nonce_hash'),
    nonceExpiresAt: timestamp('nonce_expires_at', { withTimezone: true }),
    dashboardTokenHash: text('dashboard_token_hash'),
    dashboardExpiresAt: timestamp('dashboard_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
  },
  // One account per organization, as a provider keyed by the organization would keep it.
  (t) => [uniqueIndex('sandbox_payout_accounts_organization_idx').on(t.organizationId)],
);

export const sandboxPaymentStatusEnum = pgEnum('sandbox_payment_status', [
  'REQUIRES_PAYMENT',
  'PROCESSING',
  'SUCCEEDED',
  'FAILED',
]);

/**
 * Buyer payments of the sandbox provider: what its card page charges, as a provider's payment intent.
 * The page link and the page's nonce are bearer secrets: stored hashed.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** `sandbox_pay_…`, the provider reference the product keeps on its payment. */
    id: text('id').primaryKey(),
    /** The product's payment id and booking, as metadata on a provider's payment. */
    paymentId: text('payment_id').notNull(),
    bookingId: text('booking_id').notNull(),
    bookingCode: text('booking_code').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    applicationFee: integer('application_fee').notNull(),
    destinationAccountId: text('destination_account_id'),
    returnUrl: text('return_url').notNull(),
    /** The caller's idempotency key: asked again with it, the provider answers with the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: sandboxPaymentStatusEnum('status').notNull().default('REQUIRES_PAYMENT'),
    failureReason: text('failure_reason'),
    /** The card page link (a newer link for the same payment replaces it). */
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** The single-use nonce of the card page last shown; its form must send it back. */
    nonceHash: text('nonce_hash'),
    nonceExpiresAt: timestamp('nonce_expires_at', { withTimezone: true }),
    /** The last four digits of the test card used, as a provider would show them. */
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_payments_idempotency_idx').on(t.idempotencyKey)],
);

export const sandboxRefundStatusEnum = pgEnum('sandbox_refund_status', ['SUCCEEDED', 'FAILED']);

/**
 * Refunds of the sandbox provider, as a provider keeps them: one per idempotency key, never more in
 * total than the payment it refunds (the provider's own guard, behind the product's).
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** `sandbox_re_…`, the provider reference the product keeps on its refund. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    applicationFeeRefund: integer('application_fee_refund').notNull(),
    reverseTransfer: integer('reverse_transfer').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: sandboxRefundStatusEnum('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_idx').on(t.idempotencyKey)],
);
