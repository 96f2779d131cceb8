import { sql } from 'drizzle-orm';
import {
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
import { accountTokens } from './account.js';
import { users } from './users.js';

export const refundPolicyEnum = pgEnum('refund_policy', [
  'NONE',
  'UNTIL_HOURS_BEFORE_START',
  'ANY_TIME_BEFORE_START',
]);
export const refundApprovalEnum = pgEnum('refund_approval', ['MANUAL', 'AUTOMATIC']);
export const serviceFeePayerEnum = pgEnum('service_fee_payer', ['BUYER', 'ABSORBED']);
export const payoutStatusEnum = pgEnum('payout_status', ['NOT_STARTED', 'PENDING', 'ACTIVE', 'RESTRICTED']);
export const memberStatusEnum = pgEnum('member_status', ['INVITED', 'ACTIVE', 'INACTIVE']);

export interface SocialLinks {
  facebook: string | null;
  instagram: string | null;
  x: string | null;
  linkedin: string | null;
  youtube: string | null;
  tiktok: string | null;
}

/** An organizer's organization: profile, refund and ticket settings (docs/organizations.md), payouts. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logo: text('logo'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    website: text('website'),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull(),
    /** ISO 4217; every amount of the organization's events is in it. */
    currency: text('currency').notNull(),
    /** IANA zone the organization's dashboard reads its days in (its figures "per day" are its days). */
    timeZone: text('time_zone').notNull().default('UTC'),
    refundPolicy: refundPolicyEnum('refund_policy').notNull().default('UNTIL_HOURS_BEFORE_START'),
    refundHoursBeforeStart: integer('refund_hours_before_start').default(24),
    refundApproval: refundApprovalEnum('refund_approval').notNull().default('MANUAL'),
    refundServiceFee: boolean('refund_service_fee').notNull().default(false),
    maxTicketsPerOrder: integer('max_tickets_per_order').notNull().default(10),
    serviceFeePaidBy: serviceFeePayerEnum('service_fee_paid_by').notNull().default('BUYER'),
    transfersAllowed: boolean('transfers_allowed').notNull().default(true),
    payoutAccountId: text('payout_account_id'),
    payoutStatus: payoutStatusEnum('payout_status').notNull().default('NOT_STARTED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_owner_idx').on(t.ownerId),
    index('organizations_name_idx').on(t.name),
    // The last line of defence behind the contract's validation: counts and currencies that cannot be.
    check('organizations_max_tickets_per_order_check', sql`${t.maxTicketsPerOrder} >= 1`),
    check('organizations_refund_hours_check', sql`${t.refundHoursBeforeStart} >= 0`),
    check('organizations_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * A member of an organization (the spec's "favorite user"): invited by email, linked to a user account,
 * INVITED until the person accepts the invitation, then ACTIVE or INACTIVE as the organizer decides.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The account the invitation is for: an existing user, or one created without a password. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    status: memberStatusEnum('status').notNull().default('INVITED'),
    /** The newest invitation link's token; accepting it activates this membership. */
    invitationTokenId: uuid('invitation_token_id').references(() => accountTokens.id, {
      onDelete: 'set null',
    }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One membership per person and organization, whatever the case of the address.
    uniqueIndex('organization_members_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('organization_members_user_idx').on(t.userId, t.status),
    index('organization_members_token_idx').on(t.invitationTokenId),
  ],
);

export type MemberRow = typeof organizationMembers.$inferSelect;
