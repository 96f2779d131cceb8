import { type AdminReason, type CatalogStatus, REASON_KIND_LABELS, type ReasonKind } from '@marquee/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { reasons } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUniqueViolation, orderBy, type PageInput, pageOf, searchWhere } from '../../lib/list.js';
import { createUnitOfWork } from '../../lib/unit-of-work.js';

/** Audit entity type of the reasons. */
const REASON = 'REASON';

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
export function createReasonService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const change = createUnitOfWork({ db, clock: deps.clock });

  async function findSameText(db: DbOrTx, kind: ReasonKind, text: string, exceptId?: string) {
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

    create: (input: { kind: ReasonKind; text: string; status: CatalogStatus; order: number }) =>
      guarded(input.kind, input.text, () =>
        change(async ({ tx, audit }) => {
          const same = await findSameText(tx, input.kind, input.text);
          if (same) throw duplicate(input.kind, same.text);
          const [row] = await tx.insert(reasons).values(input).returning();
          if (!row) throw new Error('reason not created');
          await audit({ action: 'REASON_CREATED', entityType: REASON, entityId: row.id, after: row });
          return toReason(row);
        }),
      ),

    update: (id: string, input: { text: string; status: CatalogStatus; order: number }) =>
      change(async ({ tx, lock, audit }) => {
        const [current] = await lock(reasons, eq(reasons.id, id));
        if (!current) throw notFound('The reason');
        const same = await findSameText(tx, current.kind, input.text, id);
        if (same) throw duplicate(current.kind, same.text);
        const [row] = await guarded(current.kind, input.text, () =>
          tx.update(reasons).set(input).where(eq(reasons.id, id)).returning(),
        );
        if (!row) throw notFound('The reason');
        await audit({
          action: 'REASON_UPDATED',
          entityType: REASON,
          entityId: id,
          before: current,
          after: row,
        });
        return toReason(row);
      }),

    remove: (id: string) =>
      change(async ({ tx, audit }) => {
        const [row] = await tx.delete(reasons).where(eq(reasons.id, id)).returning();
        if (!row) throw notFound('The reason');
        await audit({ action: 'REASON_DELETED', entityType: REASON, entityId: id, before: row });
        return toReason(row);
      }),
  };
}

export type ReasonService = ReturnType<typeof createReasonService>;
