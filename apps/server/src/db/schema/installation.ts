import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets this installation made for itself at its first start (db/installation-secrets.repo.ts), kept
 * with its data so that every API process on the same database signs and verifies with the same value.
 * Never sent to a client, never logged.
 */
export const installationSecrets = pgTable('installation_secrets', {
  /** What the secret is for, e.g. `sandbox-webhook`. */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
