import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { type EventRow, events, ticketInventory } from '../../../db/schema/index.js';

/** The flags moderation and housekeeping set (never the status: that is the machine's). */
export type FlagPatch = Partial<
  Pick<EventRow, 'isBlocked' | 'isVerified' | 'isReported' | 'isArchived' | 'reportReasonId'>
>;

/**
 * Tickets sold per event over the events' inventory rows, which are locked: a sale (a guarded UPDATE
 * of one of them) waits for this transaction, then finds its row gone; no sale slips in between the
 * count and the delete.
 */
export async function lockSoldPerEvent(tx: Tx, eventIds: string[]): Promise<Map<string, number>> {
  const inventory = await tx
    .select({ eventId: ticketInventory.eventId, sold: ticketInventory.sold })
    .from(ticketInventory)
    .where(inArray(ticketInventory.eventId, eventIds))
    .orderBy(asc(ticketInventory.id))
    .for('update');
  const sold = new Map<string, number>();
  for (const line of inventory) sold.set(line.eventId, (sold.get(line.eventId) ?? 0) + line.sold);
  return sold;
}

export async function deleteEvents(tx: Tx, eventIds: string[]): Promise<number> {
  const deleted = await tx.delete(events).where(inArray(events.id, eventIds)).returning({ id: events.id });
  return deleted.length;
}

export async function setFlags(tx: Tx, eventIds: string[], patch: FlagPatch, now: Date): Promise<EventRow[]> {
  return tx
    .update(events)
    .set({ ...patch, updatedAt: now })
    .where(inArray(events.id, eventIds))
    .returning();
}
