import { ADMIN_EVENT_ACTIONS, EVENT_MESSAGES, type EventAction } from '@marquee/contract';
import type { AuditChange } from '../../../db/audit.js';
import type { Db } from '../../../db/client.js';
import type { Change, UnitOfWork } from '../../../db/unit-of-work.js';
import type { EventGrant } from '../../../lib/access/index.js';
import { type Actor, confirmEventGrant, isAdmin } from '../../../lib/access/index.js';
import { conflict, forbidden } from '../../../lib/errors.js';
import { EVENT_ENTITY, MODERATION_AUDIT_ACTIONS } from '../audit.js';
import { deleteRefusal } from '../event-rules.js';
import { deleteEvents, type FlagPatch, lockSoldPerEvent, setFlags } from '../repo/moderation.js';
import { requireActiveReason } from '../repo/reasons.js';
import type { EventRow } from '../repo/rows.js';

function patchFor(action: Exclude<EventAction, 'DELETE'>, reasonId: string | null): FlagPatch {
  switch (action) {
    case 'BLOCK':
      return { isBlocked: true };
    case 'UNBLOCK':
      return { isBlocked: false };
    case 'VERIFY':
      return { isVerified: true };
    case 'UNVERIFY':
      return { isVerified: false };
    case 'REPORT':
      return { isReported: true, reportReasonId: reasonId };
    case 'UNREPORT':
      return { isReported: false, reportReasonId: null };
    case 'ARCHIVE':
      return { isArchived: true };
    case 'UNARCHIVE':
      return { isArchived: false };
  }
}

const differs = (row: EventRow, patch: FlagPatch) =>
  (Object.keys(patch) as (keyof FlagPatch)[]).some((key) => row[key] !== patch[key]);

/**
 * Each event the route resolved, locked and re-checked (FOR UPDATE, in id order so two bulk calls over
 * overlapping sets cannot deadlock); an event gone since the access check (deleted by a concurrent
 * call), or no longer the actor's to manage, is a 404 for the whole call.
 */
async function confirmAll(change: Change, actor: Actor, grants: EventGrant[]): Promise<EventRow[]> {
  const byId = [...new Map(grants.map((grant) => [grant.event.id, grant])).values()].sort((a, b) =>
    a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0,
  );
  const rows: EventRow[] = [];
  for (const grant of byId) rows.push((await confirmEventGrant(change.tx, actor, grant, 'manage')).event);
  return rows;
}

/** Deletes events without sales; the whole call is refused when one has any: nothing is deleted. */
async function remove(change: Change, rows: EventRow[], audit: (entry: AuditChange) => Promise<void>) {
  const ids = rows.map((r) => r.id);
  const sold = await lockSoldPerEvent(change.tx, ids);
  for (const row of rows) {
    const refusal = deleteRefusal(sold.get(row.id) ?? 0);
    if (refusal) throw conflict(refusal);
  }
  const deleted = await deleteEvents(change.tx, ids);
  for (const row of rows) {
    await audit({
      action: 'EVENT_DELETED',
      entityType: EVENT_ENTITY,
      entityId: row.id,
      organizationId: row.organizationId,
      before: row,
    });
  }
  return deleted;
}

/**
 * Moderation and housekeeping over one or more events (organizer-panel-event-action, archive-event,
 * delete-event): all in one unit of work, all or nothing, an audit entry per event changed. Block and
 * verify are administrators' on top of the event grant.
 */
export async function moderateEvents(
  deps: { db: Db; unitOfWork: UnitOfWork },
  actor: Actor,
  grants: EventGrant[],
  action: EventAction,
  reasonId?: string,
): Promise<{ updated: number; deleted: number }> {
  // Role-level refusals first: nothing is read or changed for a caller who may not act at all.
  if (ADMIN_EVENT_ACTIONS.includes(action) && !isAdmin(actor)) throw forbidden(EVENT_MESSAGES.adminOnly);
  const reason = action === 'REPORT' ? await requireActiveReason(deps.db, reasonId, 'EVENT_REPORT') : null;
  return deps.unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const rows = await confirmAll(change, actor, grants);
    if (action === 'DELETE') return { updated: 0, deleted: await remove(change, rows, audit) };
    const patch = patchFor(action, reason);
    const changing = rows.filter((row) => differs(row, patch));
    if (changing.length === 0) return { updated: 0, deleted: 0 };
    const after = await setFlags(
      tx,
      changing.map((r) => r.id),
      patch,
      now,
    );
    const afterById = new Map(after.map((row) => [row.id, row]));
    for (const before of changing) {
      await audit({
        action: MODERATION_AUDIT_ACTIONS[action],
        entityType: EVENT_ENTITY,
        entityId: before.id,
        organizationId: before.organizationId,
        before,
        after: afterById.get(before.id),
      });
    }
    return { updated: after.length, deleted: 0 };
  });
}
