import type { AuditEntry, AuditLogFilters } from '@marquee/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, paged } from '../../../db/list.js';
import { auditLog, organizations, users } from '../../../db/schema/index.js';
import { createdBetween } from '../../order-reads/index.js';

type Filters = z.output<typeof AuditLogFilters>;

/**
 * The audit log for administrators (docs/user-management.md, "Audit log"): every entry the unit of work
 * wrote, newest first, with its actor and organization named. Filters by actor, entity, action and the
 * caller's calendar dates run on the log's indexes (actor, entity, organization, created_at).
 */
export function createAuditLogReads(db: Db) {
  const entries = defineList({
    sort: {
      fields: { createdAt: auditLog.createdAt },
      default: [desc(auditLog.createdAt)],
      tieBreaker: auditLog.id,
    },
    rows: (window) =>
      paged(
        db
          // Only what an entry shows of its actor and organization (not their whole rows).
          .select({
            entry: auditLog,
            actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
            organization: { id: organizations.id, name: organizations.name },
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
          .$dynamic(),
        window,
      ),
    count: (where, upTo) =>
      countUpTo(db, db.select({ one: sql`1` }).from(auditLog).where(where).$dynamic(), upTo),
    // Every unit of work writes to it: the log only grows.
    total: 'capped',
    items: (rows): AuditEntry[] =>
      rows.map(({ entry, actor, organization }) => ({
        _id: entry.id,
        createdAt: entry.createdAt.toISOString(),
        actor: actor
          ? {
              _id: actor.id,
              name: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
              email: actor.email,
            }
          : null,
        actorRole: entry.actorRole,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        organization: organization ? { _id: organization.id, name: organization.name } : null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        requestId: entry.requestId,
      })),
  });

  return {
    list: (query: Filters, zone: string) =>
      entries({ ...query, sort: undefined }, [
        query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
        query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
        query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
        query.action ? eq(auditLog.action, query.action) : undefined,
        createdBetween(query.from, query.to, zone, auditLog.createdAt),
      ]),
    async options() {
      const [actions, types] = await Promise.all([
        db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
        db.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
      ]);
      return { actions: actions.map((r) => r.v), entityTypes: types.map((r) => r.v) };
    },
  };
}
