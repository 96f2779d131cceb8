import { type AdminReason, type CatalogStatus, REASON_KIND_LABELS, type ReasonKind } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { defineList, isUniqueViolation, type PageInput } from '../../db/list.js';
import { reasons } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ReasonRow } from './reason.repo.js';
import * as repo from './reason.repo.js';

/** Audit entity type of the reasons. */
const REASON = 'REASON';

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

  const reasonList = defineList({
    search: [reasons.text],
    sort: {
      fields: { order: reasons.order, text: reasons.text, kind: reasons.kind, status: reasons.status },
      default: [asc(reasons.kind), asc(reasons.order), asc(reasons.text)],
      tieBreaker: reasons.id,
    },
    rows: (window) => repo.reasonRows(db, window),
    count: (where) => repo.countReasons(db, where),
    items: (rows) => rows.map(toReason),
  });

  async function guarded<T>(kind: ReasonKind, text: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(kind, text);
      throw error;
    }
  }

  return {
    page: (query: PageInput & { kind?: ReasonKind; status?: CatalogStatus }) =>
      reasonList(query, [
        query.kind ? eq(reasons.kind, query.kind) : undefined,
        query.status ? eq(reasons.status, query.status) : undefined,
      ]),

    create: (input: { kind: ReasonKind; text: string; status: CatalogStatus; order: number }) =>
      guarded(input.kind, input.text, () =>
        change(async ({ tx, audit }) => {
          const same = await repo.findSameText(tx, input.kind, input.text);
          if (same) throw duplicate(input.kind, same.text);
          const row = await repo.insertReason(tx, input);
          if (!row) throw new Error('reason not created');
          await audit({ action: 'REASON_CREATED', entityType: REASON, entityId: row.id, after: row });
          return toReason(row);
        }),
      ),

    update: (id: string, input: { text: string; status: CatalogStatus; order: number }) =>
      change(async ({ tx, lock, audit }) => {
        const [current] = await lock(reasons, eq(reasons.id, id));
        if (!current) throw notFound('The reason');
        const same = await repo.findSameText(tx, current.kind, input.text, id);
        if (same) throw duplicate(current.kind, same.text);
        const row = await guarded(current.kind, input.text, () => repo.updateReason(tx, id, input));
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
        const row = await repo.deleteReason(tx, id);
        if (!row) throw notFound('The reason');
        await audit({ action: 'REASON_DELETED', entityType: REASON, entityId: id, before: row });
        return toReason(row);
      }),
  };
}

export type ReasonService = ReturnType<typeof createReasonService>;
