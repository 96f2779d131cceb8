import type { Availability, EventHeader, EventVisibility } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventOccurrences, events } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { requireEvent } from '../../lib/access/event-access.query.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import { completeEndedEvents } from './completion.js';
import { eventHeader } from './event-header.js';
import { cancelRefusal, deleteRefusal, editRefusal, soldTickets, statusRefusal } from './event-rules.js';
import { EVENT_ENTITY } from './moderation.service.js';
import { requireActiveReason } from './reasons.js';

/**
 * What can be done to one event now (availability), its visibility, and cancelling it. Every change
 * re-reads the event under a row lock inside its unit of work (requireEvent with `lock`), so the
 * rule is checked against the state it changes, never a copy read earlier.
 */
export function createLifecycleService(deps: {
  db: Db;
  clock: Clock;
  log?: { error(o: object, m: string): void };
}) {
  const { db, clock } = deps;
  const change = createUnitOfWork(deps);

  return {
    async availability(actor: Actor, eventId: string): Promise<Availability> {
      await completeEndedEvents(db, clock.now());
      const { event } = await requireEvent(db, actor, eventId, 'read');
      const bookings = (await soldTickets(db, [event.id])).get(event.id) ?? 0;
      const edit = editRefusal(event);
      const remove = deleteRefusal(bookings);
      const status = statusRefusal(event);
      const cancel = cancelRefusal(event);
      return {
        canEdit: edit === null,
        editReason: edit,
        canDelete: remove === null,
        deleteReason: remove,
        canChangeStatus: status === null,
        statusReason: status,
        canCancel: cancel === null,
        cancelReason: cancel,
        bookings,
      };
    },

    /** The event and every one of its dates or sessions become public or private together. */
    async setVisibility(actor: Actor, eventId: string, visibility: EventVisibility): Promise<EventHeader> {
      return change(async ({ tx, now, audit }) => {
        const grant = await requireEvent(tx, actor, eventId, 'manage', { lock: true });
        const refusal = statusRefusal(grant.event);
        if (refusal) throw conflict(refusal);
        const [after] = await tx
          .update(events)
          .set({ visibility, updatedAt: now })
          .where(eq(events.id, eventId))
          .returning();
        await tx
          .update(eventOccurrences)
          .set({ visibility, updatedAt: now })
          .where(eq(eventOccurrences.eventId, eventId));
        if (!after) throw new Error('locked event vanished');
        await audit({
          action: 'EVENT_VISIBILITY_CHANGED',
          entityType: EVENT_ENTITY,
          entityId: eventId,
          organizationId: after.organizationId,
          before: { visibility: grant.event.visibility },
          after: { visibility },
        });
        return eventHeader({ ...grant, event: after });
      });
    },

    /**
     * Cancels a published event with an active EVENT_CANCEL reason: the event and all its dates become
     * CANCELLED, which is what selling reads to stop at once. Refunds are the orders issue's.
     */
    async cancel(
      actor: Actor,
      input: { eventId: string; reasonId: string; note?: string | null },
    ): Promise<EventHeader> {
      const reasonId = await requireActiveReason(db, input.reasonId, 'EVENT_CANCEL');
      return change(async ({ tx, now, audit }) => {
        // An event whose end has passed is COMPLETED before the rule reads it.
        await completeEndedEvents(tx, now);
        const grant = await requireEvent(tx, actor, input.eventId, 'manage', { lock: true });
        const refusal = cancelRefusal(grant.event);
        if (refusal) throw conflict(refusal);
        const [after] = await tx
          .update(events)
          .set({
            status: 'CANCELLED',
            cancelledAt: now,
            cancelReasonId: reasonId,
            cancelNote: input.note?.trim() || null,
            updatedAt: now,
          })
          .where(eq(events.id, input.eventId))
          .returning();
        await tx
          .update(eventOccurrences)
          .set({ status: 'CANCELLED', updatedAt: now })
          .where(eq(eventOccurrences.eventId, input.eventId));
        if (!after) throw new Error('locked event vanished');
        await audit({
          action: 'EVENT_CANCELLED',
          entityType: EVENT_ENTITY,
          entityId: input.eventId,
          organizationId: after.organizationId,
          before: grant.event,
          after,
        });
        return eventHeader({ ...grant, event: after });
      });
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
