import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const verificationPurposeEnum = pgEnum('verification_purpose', [
  'FORGOT_PASSWORD',
  'MOBILE_VERIFICATION',
]);

/** One-time codes sent by SMS. Only a hash is kept; a code dies after its expiry, its use or 5 wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: verificationPurposeEnum('purpose').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164 phone number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt),
    check('verification_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Why an account token exists: a password reset (after a verified code, or from an emailed link), an
 * organization invitation whose link lets the invited person set a first password, or the confirmation
 * of a new email address (sent to that address).
 */
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', [
  'PASSWORD_RESET',
  'INVITATION',
  'EMAIL_CHANGE',
]);

/** Single-use tokens carried by `/reset-link/:token` and the reset step; stored as SHA-256. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurposeEnum('purpose').notNull(),
    /** EMAIL_CHANGE: the address that becomes the account's email once the link is used. */
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId)],
);

export const nonProfitStatusEnum = pgEnum('non_profit_status', ['PENDING', 'APPROVED', 'REJECTED']);

/** A user's request for a non-profit exemption; an administrator decides (user management). */
export const nonProfitExemptions = pgTable('non_profit_exemptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  registrationNumber: text('registration_number').notNull(),
  documentUrl: text('document_url').notNull(),
  status: nonProfitStatusEnum('status').notNull().default('PENDING'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  /** An administrator's reason for a rejection (shown to the user and in the queue's history). */
  decisionReason: text('decision_reason'),
});

/** What a buyer told about the organization they want to run; the status lives on `users.organizer_request`. */
export const organizerRequestDetails = pgTable('organizer_request_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationName: text('organization_name').notNull(),
  description: text('description').notNull(),
  website: text('website'),
  /** E.164 contact number for the administrator who reviews the request. */
  phone: text('phone').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  /** An administrator's reason for a rejection, sent to the user by email. */
  decisionReason: text('decision_reason'),
});
