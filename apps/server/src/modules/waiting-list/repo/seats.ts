import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/**
 * The waiting list's own moves of `sold` skip the trigger that keeps returned seats for the list
 * (migration 0027): giving a pool back to sale, or handing an offer's seats to its checkout.
 */
async function withoutKeeping<T>(tx: DbOrTx, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('marquee.waiting_list_bypass', 'on', true)`);
  try {
    return await work();
  } finally {
    await tx.execute(sql`select set_config('marquee.waiting_list_bypass', 'off', true)`);
  }
}

/** Seats the list held go back to sale (or to the checkout that takes them in the same transaction). */
export async function giveBackToSale(tx: DbOrTx, inventoryId: string, seats: number): Promise<void> {
  if (seats <= 0) return;
  await withoutKeeping(tx, () =>
    tx.execute(
      sql`update ticket_inventory set sold = sold - ${seats} where id = ${inventoryId} and sold >= ${seats}`,
    ),
  );
}

/** Takes free seats for an offer made by hand, by a guarded UPDATE: false when they are not there. */
export async function takeFreeSeats(tx: DbOrTx, inventoryId: string, seats: number): Promise<boolean> {
  if (seats <= 0) return true;
  const taken = await tx.execute(
    sql`update ticket_inventory set sold = sold + ${seats}
        where id = ${inventoryId} and sold + ${seats} <= capacity returning id`,
  );
  return taken.rows.length > 0;
}

/** The seats kept for the list and not offered yet, the pool row locked (after its inventory row). */
export async function lockPool(tx: DbOrTx, inventoryId: string, now: Date): Promise<number> {
  const rows = await tx.execute<{ held: number }>(
    sql`insert into waiting_list_pools (inventory_id, held, updated_at) values (${inventoryId}, 0, ${now.toISOString()}::timestamptz)
        on conflict (inventory_id) do update set updated_at = waiting_list_pools.updated_at
        returning held`,
  );
  return rows.rows[0]?.held ?? 0;
}

export async function setPool(tx: DbOrTx, inventoryId: string, held: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update waiting_list_pools set held = ${held}, updated_at = ${now.toISOString()}::timestamptz
        where inventory_id = ${inventoryId}`,
  );
}

/** Pools with seats to hand out (the sweep's work list). */
export async function poolsWithSeats(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db.execute<{ inventoryId: string }>(
    sql`select inventory_id as "inventoryId" from waiting_list_pools where held > 0 order by updated_at limit ${limit}`,
  );
  return rows.rows.map((row) => row.inventoryId);
}
