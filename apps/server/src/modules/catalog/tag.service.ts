import type { CatalogStatus, Tag } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { defineList, type PageInput } from '../../db/list.js';
import { type TagRow, tags } from '../../db/schema/index.js';
import { type Change, createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as repo from './catalog.repo.js';
import { rethrowDuplicate } from './category.service.js';

export function toTag(row: TagRow): Tag {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const TAG = 'TAG';

export const duplicateTag = (name: string) => `A tag named "${name}" already exists.`;

export function createTagService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const change = createUnitOfWork({ db, clock });

  const tagList = defineList({
    search: [tags.name],
    sort: {
      fields: { name: tags.name, createdAt: tags.createdAt, status: tags.status },
      default: [asc(tags.name)],
      tieBreaker: tags.id,
    },
    rows: (window) => repo.tagRows(db, window),
    count: (where) => repo.countWhere(db, tags, where),
    items: (rows) => rows.map(toTag),
  });

  function page(query: PageInput & { status?: CatalogStatus }) {
    return tagList(query, [query.status ? eq(tags.status, query.status) : undefined]);
  }

  /** Creates and audits a tag inside the caller's unit of work (also used by request approval). */
  async function createIn(
    { tx, audit }: Change,
    input: { name: string; status: CatalogStatus },
  ): Promise<Tag> {
    const taken = await repo.findByName(tx, tags, input.name);
    if (taken) throw conflict(duplicateTag(taken.name));
    const row = await repo.insertTag(tx, input);
    await audit({ action: 'TAG_CREATED', entityType: TAG, entityId: row.id, after: row });
    return toTag(row);
  }

  return {
    page,
    activePage: (query: PageInput) => page({ ...query, status: 'ACTIVE' }),
    createIn,
    create: (input: { name: string; status: CatalogStatus }) =>
      change((c) => createIn(c, input)).catch(rethrowDuplicate(duplicateTag(input.name))),
    update: (id: string, input: { name: string; status: CatalogStatus }) =>
      change(async ({ tx, now, lock, audit }) => {
        const [before] = await lock(tags, eq(tags.id, id));
        if (!before) throw notFound('The tag');
        const taken = await repo.findByName(tx, tags, input.name, id);
        if (taken) throw conflict(duplicateTag(taken.name));
        const row = await repo.updateTag(tx, id, { ...input, updatedAt: now });
        if (!row) throw notFound('The tag');
        await audit({ action: 'TAG_UPDATED', entityType: TAG, entityId: id, before, after: row });
        return toTag(row);
      }).catch(rethrowDuplicate(duplicateTag(input.name))),
    /** Deletes those of the ids that exist (one audit entry each); none existing is a 404. */
    remove: (ids: string[]): Promise<number> =>
      change(async ({ tx, audit }) => {
        const rows = await repo.deleteTags(tx, ids);
        if (rows.length === 0) throw notFound(ids.length === 1 ? 'The tag' : 'The selected tags');
        for (const row of rows) {
          await audit({ action: 'TAG_DELETED', entityType: TAG, entityId: row.id, before: row });
        }
        return rows.length;
      }),
  };
}

export type TagService = ReturnType<typeof createTagService>;
