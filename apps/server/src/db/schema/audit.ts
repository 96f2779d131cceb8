import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every change that matters, written in the same transaction as the change (`db/audit.ts`): who did it,
 * what, to which entity, the entity before and after, when, and the request id of the call.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only when the actor's account was deleted later. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the actor acted as a platform administrator (on someone else's data). */
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    /** The entity's id: a uuid for most, the key for those known by one (a content page's `terms`). */
    entityId: text('entity_id').notNull(),
    /** The organization the entity belongs to, when it belongs to one (filters an organization's history). */
    organizationId: uuid('organization_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_organization_idx').on(t.organizationId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
