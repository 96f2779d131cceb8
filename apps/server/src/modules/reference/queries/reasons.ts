import type { CatalogStatus, ReasonKind } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { reasons } from '../../../db/schema/index.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../reason.repo.js';
import { toReason } from '../reason-rules.js';

const reasonList = perApp((db: DbOrTx) =>
  defineList({
    search: [reasons.text],
    sort: {
      fields: { order: reasons.order, text: reasons.text, kind: reasons.kind, status: reasons.status },
      default: [asc(reasons.kind), asc(reasons.order), asc(reasons.text)],
      tieBreaker: reasons.id,
    },
    rows: (window) => repo.reasonRows(db, window),
    count: (where) => repo.countReasons(db, where),
    items: (rows) => rows.map(toReason),
  }),
);

/** The administrators' page of reasons. */
export function reasonPage(db: DbOrTx, query: PageInput & { kind?: ReasonKind; status?: CatalogStatus }) {
  return reasonList(db)(query, [
    query.kind ? eq(reasons.kind, query.kind) : undefined,
    query.status ? eq(reasons.status, query.status) : undefined,
  ]);
}
