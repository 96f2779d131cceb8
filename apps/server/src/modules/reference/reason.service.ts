import { type AdminReason, type CatalogStatus, REASON_KIND_LABELS, type ReasonKind } from '@marquee/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reasons } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUniqueViolation, orderBy, type PageInput, pageOf, searchWhere } from '../../lib/list.js';

type ReasonRow = typeof reasons.$inferSelect;

function toReason(r: ReasonRow): AdminReason {
  return { _id: r.id, kind: r.kind, text: r.text, order: r.order, status: r.status };
}

function duplicate(kind: ReasonKind, text: string) {
  return new AppError(409, `A ${REASON_KIND_LABELS[kind].toLowerCase()} reason "${text}" already exists.`, [
    { field: 'text', message: 'This reason already exists for this kind' },
  ]);
}

/**
 * The reasons administrators offer in refund, report and cancel flows. Nothing refers to a reason yet
 * (refunds and reports come later), so deleting one is a real delete.
 */
export function createReasonService(deps: { db: Db }) {
  const { db } = deps;

  async function findSameText(kind: ReasonKind, text: string, exceptId?: string) {
    const [row] = await db
      .select()
      .from(reasons)
      .where(and(eq(reasons.kind, kind), sql`lower(${reasons.text}) = lower(${text})`));
    return row && row.id !== exceptId ? row : undefined;
  }

  async function guarded<T>(kind: ReasonKind, text: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(kind, text);
      throw error;
    }
  }

  return {
    async page(query: PageInput & { kind?: ReasonKind; status?: CatalogStatus }) {
      const where = and(
        query.kind ? eq(reasons.kind, query.kind) : undefined,
        query.status ? eq(reasons.status, query.status) : undefined,
        searchWhere(query.search, [reasons.text]),
      );
      const order = orderBy(
        query.sort,
        { order: reasons.order, text: reasons.text, kind: reasons.kind, status: reasons.status },
        [asc(reasons.kind), asc(reasons.order), asc(reasons.text)],
        reasons.id,
      );
      return pageOf(
        query,
        {
          rows: (limit, offset) =>
            db
              .select()
              .from(reasons)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
          count: async () => (await db.select({ n: count() }).from(reasons).where(where))[0]?.n ?? 0,
        },
        toReason,
      );
    },

    async create(input: { kind: ReasonKind; text: string; status: CatalogStatus; order: number }) {
      const same = await findSameText(input.kind, input.text);
      if (same) throw duplicate(input.kind, same.text);
      const [row] = await guarded(input.kind, input.text, () => db.insert(reasons).values(input).returning());
      if (!row) throw new Error('reason not created');
      return toReason(row);
    },

    async update(id: string, input: { text: string; status: CatalogStatus; order: number }) {
      const [current] = await db.select().from(reasons).where(eq(reasons.id, id));
      if (!current) throw notFound('The reason');
      const same = await findSameText(current.kind, input.text, id);
      if (same) throw duplicate(current.kind, same.text);
      const [row] = await guarded(current.kind, input.text, () =>
        db.update(reasons).set(input).where(eq(reasons.id, id)).returning(),
      );
      if (!row) throw notFound('The reason');
      return toReason(row);
    },

    async remove(id: string) {
      const [row] = await db.delete(reasons).where(eq(reasons.id, id)).returning();
      if (!row) throw notFound('The reason');
      return toReason(row);
    },
  };
}

export type ReasonService = ReturnType<typeof createReasonService>;
