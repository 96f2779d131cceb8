import type { EventVisibility } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { type EventRow, eventOccurrences, events } from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { eventStatusMachine } from './machines.js';

export async function readEvent(db: DbOrTx, eventId: string): Promise<EventRow | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  return event ?? null;
}

/** The event and every one of its dates or sessions become public or private together. */
export async function setVisibility(
  tx: Tx,
  eventId: string,
  visibility: EventVisibility,
  now: Date,
): Promise<EventRow> {
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
  return after;
}

/**
 * PUBLISHED → CANCELLED with its reason, and every date with it (what selling reads to stop at
 * once); null when the event may not be cancelled from where it is.
 */
export async function cancelEvent(
  change: Change,
  eventId: string,
  reason: { reasonId: string; note: string | null },
): Promise<EventRow | null> {
  const { tx, now } = change;
  const after = await transition(change, eventStatusMachine, {
    id: eventId,
    to: 'CANCELLED',
    set: { cancelledAt: now, cancelReasonId: reason.reasonId, cancelNote: reason.note, updatedAt: now },
  });
  if (!after) return null;
  await tx
    .update(eventOccurrences)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(eq(eventOccurrences.eventId, eventId));
  return after;
}
