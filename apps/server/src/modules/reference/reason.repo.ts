import type { ReasonKind } from '@marquee/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type PageWindow, paged } from '../../db/list.js';
import { reasons } from '../../db/schema/index.js';
import type { Change } from '../../db/unit-of-work.js';

export type ReasonRow = typeof reasons.$inferSelect;
type ReasonValues = typeof reasons.$inferInsert;

export const reasonRows = (db: DbOrTx, window: PageWindow) =>
  paged(db.select().from(reasons).$dynamic(), window);

export async function countReasons(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reasons).where(where);
  return row?.n ?? 0;
}

/** A reason of the kind whose text equals `text` ignoring case, other than `exceptId`. */
export async function findSameText(db: DbOrTx, kind: ReasonKind, text: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(reasons)
    .where(and(eq(reasons.kind, kind), sql`lower(${reasons.text}) = lower(${text})`));
  return row && row.id !== exceptId ? row : undefined;
}

export async function insertReason(db: DbOrTx, values: ReasonValues) {
  const [row] = await db.insert(reasons).values(values).returning();
  return row;
}

export async function updateReason(db: DbOrTx, id: string, values: Partial<ReasonValues>) {
  const [row] = await db.update(reasons).set(values).where(eq(reasons.id, id)).returning();
  return row;
}

export async function deleteReason(db: DbOrTx, id: string) {
  const [row] = await db.delete(reasons).where(eq(reasons.id, id)).returning();
  return row;
}

/** The reason's row, locked FOR UPDATE in the change (undefined when there is none). */
export async function lockReason(change: Change, id: string) {
  const [row] = await change.lock(reasons, eq(reasons.id, id));
  return row;
}
