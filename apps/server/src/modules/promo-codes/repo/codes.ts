import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { type PromoCodeRow, promoCodes } from '../../../db/schema/index.js';

export type { PromoCodeRow };
export type PromoCodeValues = Omit<typeof promoCodes.$inferInsert, 'id'>;

/** Inserts codes; those whose text the event already has are skipped (returned rows say which). */
export async function insertCodes(tx: Tx, rows: PromoCodeValues[]): Promise<PromoCodeRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(promoCodes).values(rows).onConflictDoNothing().returning();
}

export async function codeOfEvent(db: DbOrTx, eventId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function codeByText(db: DbOrTx, eventId: string, code: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, code.toUpperCase())));
  return row ?? null;
}

/** Changes a code; null when its new text is another code's of the event. */
export async function updateCode(tx: Tx, id: string, values: Partial<PromoCodeValues>) {
  const clash = values.code
    ? await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(
          and(
            eq(promoCodes.code, values.code),
            sql`${promoCodes.eventId} = (select event_id from promo_codes where id = ${id})`,
            sql`${promoCodes.id} <> ${id}`,
          ),
        )
    : [];
  if (clash.length > 0) return null;
  const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row ?? null;
}

export async function deleteCode(tx: Tx, id: string) {
  await tx.delete(promoCodes).where(eq(promoCodes.id, id));
}

/** Confirmed orders with a code: how many, what they paid less refunds, and the discount given. */
const stats = {
  orders: sql<number>`(select count(*)::int from bookings b where b.promo_code_id = promo_codes.id and b.status = 'CONFIRMED')`,
  revenue: sql<number>`(select coalesce(sum(b.total - b.refunded), 0)::int from bookings b where b.promo_code_id = promo_codes.id and b.status = 'CONFIRMED')`,
  discountGiven: sql<number>`(select coalesce(sum(b.discount), 0)::int from bookings b where b.promo_code_id = promo_codes.id and b.status = 'CONFIRMED')`,
};

export type PromoCodeWithStats = PromoCodeRow & { orders: number; revenue: number; discountGiven: number };

export async function codesOfEvent(
  db: DbOrTx,
  eventId: string,
  page: { page: number; limit: number; search?: string | undefined; batchId?: string | undefined },
): Promise<{ rows: PromoCodeWithStats[]; total: number }> {
  const where = and(
    eq(promoCodes.eventId, eventId),
    page.search ? ilike(promoCodes.code, `%${page.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    page.batchId ? eq(promoCodes.batchId, page.batchId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ code: promoCodes, ...stats })
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.createdAt), promoCodes.code)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.code,
      orders: r.orders,
      revenue: r.revenue,
      discountGiven: r.discountGiven,
    })),
    total: count?.n ?? 0,
  };
}

export async function codeWithStats(db: DbOrTx, id: string): Promise<PromoCodeWithStats | null> {
  const [row] = await db
    .select({ code: promoCodes, ...stats })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  return row
    ? { ...row.code, orders: row.orders, revenue: row.revenue, discountGiven: row.discountGiven }
    : null;
}
