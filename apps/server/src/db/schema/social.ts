import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A provider account (Google, Apple) linked to a user: the provider's subject is the social id. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The email the provider vouched for when the link was made (for support; matching uses the subject). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_idx').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/**
 * One run of the OpenID Connect dance, from `start` to the console's `organizer-social-login`.
 * Secrets that travel through the browser (state, the browser cookie, the one-time code) are stored
 * hashed; the PKCE verifier and nonce never leave the server.
 */
export const socialLoginAttempts = pgTable(
  'social_login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull().unique(),
    browserKeyHash: text('browser_key_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectTo: text('redirect_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the provider answered (successfully or not); the state cannot be used again. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    subject: text('subject'),
    email: text('email'),
    emailVerified: boolean('email_verified'),
    loginCodeHash: text('login_code_hash').unique(),
    loginCodeExpiresAt: timestamp('login_code_expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('social_login_attempts_expires_idx').on(t.expiresAt)],
);

export type SocialIdentityRow = typeof socialIdentities.$inferSelect;
export type SocialLoginAttemptRow = typeof socialLoginAttempts.$inferSelect;
