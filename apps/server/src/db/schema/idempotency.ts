import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first answer of a mutating call sent with an `idempotency-key` header (lib/idempotency.ts, stored by db/idempotency-store.ts), kept
 * 24 hours so that a retry gets the same answer instead of making the change again. A row without a
 * status is a call still being processed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a signed-in actor, else `client:<client id>`. */
    scope: text('scope').notNull(),
    /** `METHOD /path` of the route. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the call's query and body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.route, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
