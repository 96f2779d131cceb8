import { z } from 'zod';
import { NamedRef } from './event-basics.js';
import { dayInput } from './limits.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/** The audit log for administrators (docs/user-management.md, "Audit log"): newest first. */
export const AUDIT_PATH = '/api/v1/admin/audit';

export const AuditLogFilters = z.object({
  ...pageQuery.pick({ page: true, limit: true }).shape,
  actorId: z.uuid({ error: 'Choose a user' }).optional(),
  entityType: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(200).optional(),
  action: z.string().trim().max(80).optional(),
  /** Calendar dates (yyyy-MM-dd) in the caller's time zone header, both inclusive. */
  from: dayInput().optional(),
  to: dayInput().optional(),
});
export type AuditLogFilters = z.input<typeof AuditLogFilters>;

export const AuditEntry = z.object({
  _id: z.uuid(),
  createdAt: z.string(),
  actor: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** ADMIN, ORGANIZER, USER or SYSTEM: in which capacity the actor acted. */
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  organization: NamedRef.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const getAuditLogList = defineRoute({
  method: 'GET',
  path: `${AUDIT_PATH}/get-audit-log-list`,
  summary: 'Audit entries, newest first: filter by actor, entity, action and dates',
  tag: 'Audit log',
  access: 'admin',
  query: AuditLogFilters,
  response: envelope(pageOf(AuditEntry)),
});

export const getAuditFilterOptions = defineRoute({
  method: 'GET',
  path: `${AUDIT_PATH}/get-audit-filter-options`,
  summary: 'The actions and entity types the log holds (for the filters)',
  tag: 'Audit log',
  access: 'admin',
  response: envelope(z.object({ actions: z.array(z.string()), entityTypes: z.array(z.string()) })),
});
