import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { ticketInventory } from '../../../db/schema/index.js';

/**
 * Tickets sold per event, from `ticket_inventory.sold` (what selling increments with its guarded
 * UPDATE): what the availability call reports as bookings. Delete sums the same column over rows it
 * has locked (repo/moderation.ts). 0 until selling lands, unchanged once it does. Events without
 * inventory are absent (0).
 */
export async function soldTickets(db: DbOrTx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: ticketInventory.eventId,
      sold: sql<number>`coalesce(sum(${ticketInventory.sold}), 0)::int`,
    })
    .from(ticketInventory)
    .where(inArray(ticketInventory.eventId, eventIds))
    .groupBy(ticketInventory.eventId);
  return new Map(rows.map((r) => [r.eventId, r.sold]));
}
