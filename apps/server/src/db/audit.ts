import type { Actor } from '../lib/access/index.js';
import type { DbOrTx } from './client.js';
import { auditLog } from './schema/index.js';

/** Who is acting and in which call: what every audited change needs besides the change itself. */
export interface Who {
  actor: Actor;
  requestId: string;
}

/** A person acting without a session (an invitation accepted by its link). */
export interface Anonymous {
  userId: string;
  requestId: string;
}

/** Work done by the server itself (seed, scripts, background jobs): no person to name. */
export interface System {
  system: string;
  requestId: string;
}

export interface AuditChange {
  action: string;
  entityType: string;
  entityId: string;
  organizationId?: string | null;
  before?: unknown;
  after?: unknown;
}

function actorRole(actor: Actor): string {
  if (actor.user.role === 'ADMIN') return 'ADMIN';
  return actor.user.organizerRequest === 'APPROVED' ? 'ORGANIZER' : 'USER';
}

/**
 * Who an audit entry names: the user and the role they acted in (SYSTEM for the server's own work).
 * For a statement that writes its audit entry itself (the checkout's, one round trip).
 */
export function auditActor(who: Who | Anonymous | System): { actorId: string | null; actorRole: string } {
  if ('actor' in who) return { actorId: who.actor.user.id, actorRole: actorRole(who.actor) };
  if ('userId' in who) return { actorId: who.userId, actorRole: 'USER' };
  return { actorId: null, actorRole: 'SYSTEM' };
}

/** Plain JSON of a row: dates as ISO strings, nothing that JSON cannot hold. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the entry exists
 * exactly when the change does.
 */
export async function record(tx: DbOrTx, who: Who | Anonymous | System, change: AuditChange, now: Date) {
  await tx.insert(auditLog).values({
    ...auditActor(who),
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    organizationId: change.organizationId ?? null,
    before: snapshot(change.before),
    after: snapshot(change.after),
    requestId: who.requestId,
    createdAt: now,
  });
}

export const audit = { record };
