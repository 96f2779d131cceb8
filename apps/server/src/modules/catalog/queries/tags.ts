import type { CatalogStatus } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { tags } from '../../../db/schema/index.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../repo.js';
import { toTag } from '../shapes.js';

const tagList = perApp((db: DbOrTx) =>
  defineList({
    search: [tags.name],
    sort: {
      fields: { name: tags.name, createdAt: tags.createdAt, status: tags.status },
      default: [asc(tags.name)],
      tieBreaker: tags.id,
    },
    rows: (window) => repo.tagRows(db, window),
    count: (where) => repo.countWhere(db, tags, where),
    items: (rows) => rows.map(toTag),
  }),
);

/** A page of tags (the administrators'; organizers see the active ones). */
export function tagPage(db: DbOrTx, query: PageInput & { status?: CatalogStatus }) {
  return tagList(db)(query, [query.status ? eq(tags.status, query.status) : undefined]);
}
