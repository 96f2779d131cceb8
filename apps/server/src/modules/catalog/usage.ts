import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/**
 * The events that use a subcategory, whatever their status (a draft or a cancelled event still names
 * it; `on delete set null` would quietly empty it). Deleting a subcategory in use answers 409. The
 * caller holds the subcategory row FOR UPDATE: an event saved with it meanwhile waits on that lock
 * (its foreign key check takes a key-share lock on the row), so the count cannot go stale before the
 * delete.
 */
export async function countEventsUsingSubcategory(db: DbOrTx, subcategoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(eq(events.subcategoryId, subcategoryId));
  return row?.n ?? 0;
}
