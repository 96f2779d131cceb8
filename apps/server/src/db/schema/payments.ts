import { pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
