import type { CatalogRequest, RequestKind, RequestStatus } from '@marquee/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { catalogRequests, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../repo.js';
import { toRequest } from '../shapes.js';

export async function requestDetail(db: DbOrTx, id: string): Promise<CatalogRequest> {
  const row = await repo.findRequest(db, id);
  if (!row) throw notFound('The request');
  return toRequest(row);
}

const requestList = perApp((db: DbOrTx) =>
  defineList({
    search: [catalogRequests.name, users.email],
    sort: {
      fields: {
        name: catalogRequests.name,
        createdAt: catalogRequests.createdAt,
        status: catalogRequests.status,
      },
      default: [desc(catalogRequests.createdAt)],
      tieBreaker: catalogRequests.id,
    },
    rows: (window) => repo.requestRows(db, window),
    count: (where) => repo.countRequests(db, where),
    items: (rows) => rows.map(toRequest),
  }),
);

/**
 * A page of requests of `kinds`; `requestedBy` narrows it to one organizer's own (an organizer never
 * sees another organizer's requests).
 */
export function requestPage(
  db: DbOrTx,
  kinds: RequestKind[],
  query: PageInput & { status?: RequestStatus },
  requestedBy?: string,
) {
  return requestList(db)(query, [
    inArray(catalogRequests.kind, kinds),
    requestedBy ? eq(catalogRequests.requestedBy, requestedBy) : undefined,
    query.status ? eq(catalogRequests.status, query.status) : undefined,
  ]);
}
