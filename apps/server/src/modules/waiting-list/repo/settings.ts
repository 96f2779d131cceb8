import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { waitingListSettings } from '../../../db/schema/index.js';

export type ListSettings = {
  enabled: boolean;
  offerHours: number;
};

export async function settingsOf(db: DbOrTx, eventId: string): Promise<ListSettings> {
  const rows = await db.execute<ListSettings>(
    sql`select coalesce(s.enabled, true) as enabled, coalesce(s.offer_hours, 24)::int as "offerHours"
        from (select 1) one left join waiting_list_settings s on s.event_id = ${eventId}`,
  );
  return rows.rows[0] ?? { enabled: true, offerHours: 24 };
}

export async function saveSettings(tx: DbOrTx, eventId: string, settings: ListSettings, now: Date) {
  await tx
    .insert(waitingListSettings)
    .values({ eventId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: waitingListSettings.eventId, set: { ...settings, updatedAt: now } });
}

/** Demand waiting now: people and tickets, and offers holding seats. */
export async function demandOf(db: DbOrTx, eventId: string) {
  const rows = await db.execute<{ peopleWaiting: number; ticketsWaiting: number; offersOpen: number }>(
    sql`select count(*) filter (where status = 'WAITING')::int as "peopleWaiting",
          coalesce(sum(quantity) filter (where status = 'WAITING'), 0)::int as "ticketsWaiting",
          count(*) filter (where status = 'OFFERED')::int as "offersOpen"
        from waiting_list_entries where event_id = ${eventId}`,
  );
  return rows.rows[0] ?? { peopleWaiting: 0, ticketsWaiting: 0, offersOpen: 0 };
}

/** The event's lines with seats kept for the list (a list turned off gives them back). */
export async function linesWithPoolOf(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db.execute<{ inventoryId: string }>(
    sql`select p.inventory_id as "inventoryId" from waiting_list_pools p
        join ticket_inventory i on i.id = p.inventory_id where i.event_id = ${eventId} and p.held > 0`,
  );
  return rows.rows.map((row) => row.inventoryId);
}
