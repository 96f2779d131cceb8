import { ADMIN_EVENT_ACTIONS, EVENT_MESSAGES, type EventAction } from '@marquee/contract';
import { asc, inArray } from 'drizzle-orm';
import type { AuditChange } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { type EventRow, events, ticketInventory } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { type Actor, isAdmin } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { deleteRefusal } from './event-rules.js';
import { requireActiveReason } from './reasons.js';

export const EVENT_ENTITY = 'EVENT';
/** Audit action of each moderation action, in the house style (past tense, UPPER_SNAKE). */
export const MODERATION_AUDIT_ACTIONS: Record<EventAction, string> = {
  BLOCK: 'EVENT_BLOCKED',
  UNBLOCK: 'EVENT_UNBLOCKED',
  VERIFY: 'EVENT_VERIFIED',
  UNVERIFY: 'EVENT_UNVERIFIED',
  REPORT: 'EVENT_REPORTED',
  UNREPORT: 'EVENT_UNREPORTED',
  ARCHIVE: 'EVENT_ARCHIVED',
  UNARCHIVE: 'EVENT_UNARCHIVED',
  DELETE: 'EVENT_DELETED',
};

type FlagPatch = Partial<
  Pick<EventRow, 'isBlocked' | 'isVerified' | 'isReported' | 'isArchived' | 'reportReasonId'>
>;

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
 * Locks the events (FOR UPDATE, in id order so two bulk calls over overlapping sets cannot deadlock)
 * and answers them; an event gone since the access check (deleted by a concurrent call) is a 404 for
 * the whole call.
 */
export async function lockEvents(tx: Tx, eventIds: string[]): Promise<EventRow[]> {
  const ids = [...new Set(eventIds)].sort();
  const rows = await tx
    .select()
    .from(events)
    .where(inArray(events.id, ids))
    .orderBy(asc(events.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound('The event');
  return rows;
}

/**
 * Moderation and housekeeping over one or more events (organizer-panel-event-action, archive-event,
 * delete-event): all in one unit of work, all or nothing, an audit entry per event changed.
 */
export function createModerationService(deps: {
  db: Db;
  clock: Clock;
  log?: { error(o: object, m: string): void };
}) {
  const { db } = deps;
  const change = createUnitOfWork(deps);

  async function remove(tx: Tx, rows: EventRow[], audit: (entry: AuditChange) => Promise<void>) {
    // The inventory rows are locked too: a sale (a guarded UPDATE of one of them) waits for this
    // transaction, then finds its row gone; no sale slips in between the count and the delete.
    const inventory = await tx
      .select({ eventId: ticketInventory.eventId, sold: ticketInventory.sold })
      .from(ticketInventory)
      .where(
        inArray(
          ticketInventory.eventId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(ticketInventory.id))
      .for('update');
    const sold = new Map<string, number>();
    for (const line of inventory) sold.set(line.eventId, (sold.get(line.eventId) ?? 0) + line.sold);
    // Whole call refused when one event has sales: nothing is deleted.
    for (const row of rows) {
      const refusal = deleteRefusal(sold.get(row.id) ?? 0);
      if (refusal) throw conflict(refusal);
    }
    const deleted = await tx
      .delete(events)
      .where(
        inArray(
          events.id,
          rows.map((r) => r.id),
        ),
      )
      .returning({ id: events.id });
    for (const row of rows) {
      await audit({
        action: 'EVENT_DELETED',
        entityType: EVENT_ENTITY,
        entityId: row.id,
        organizationId: row.organizationId,
        before: row,
      });
    }
    return deleted.length;
  }

  async function apply(
    actor: Actor,
    eventIds: string[],
    action: EventAction,
    reasonId?: string,
  ): Promise<{ updated: number; deleted: number }> {
    // Role-level refusals first: nothing is read or changed for a caller who may not act at all.
    if (ADMIN_EVENT_ACTIONS.includes(action) && !isAdmin(actor)) throw forbidden(EVENT_MESSAGES.adminOnly);
    const reason = action === 'REPORT' ? await requireActiveReason(db, reasonId, 'EVENT_REPORT') : null;
    return change(async ({ tx, now, audit }) => {
      const rows = await lockEvents(tx, eventIds);
      if (action === 'DELETE') return { updated: 0, deleted: await remove(tx, rows, audit) };
      const patch = patchFor(action, reason);
      const changing = rows.filter((row) => differs(row, patch));
      if (changing.length === 0) return { updated: 0, deleted: 0 };
      const after = await tx
        .update(events)
        .set({ ...patch, updatedAt: now })
        .where(
          inArray(
            events.id,
            changing.map((r) => r.id),
          ),
        )
        .returning();
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

  return {
    apply,
    archive: async (actor: Actor, eventIds: string[], archived: boolean) =>
      (await apply(actor, eventIds, archived ? 'ARCHIVE' : 'UNARCHIVE')).updated,
    remove: async (actor: Actor, eventId: string) => {
      await apply(actor, [eventId], 'DELETE');
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
