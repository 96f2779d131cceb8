import type { Banner, CatalogStatus, Visibility } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { banners } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../repo.js';
import { toBanner } from '../shapes.js';

export async function bannerDetail(db: DbOrTx, id: string): Promise<Banner> {
  const row = await repo.findBanner(db, id);
  if (!row) throw notFound('The banner');
  return toBanner(row.row, row.label);
}

const bannerList = perApp((db: DbOrTx) =>
  defineList({
    search: [banners.title],
    sort: {
      fields: {
        order: banners.order,
        title: banners.title,
        createdAt: banners.createdAt,
        activeFrom: banners.activeFrom,
      },
      default: [asc(banners.order), asc(banners.createdAt)],
      tieBreaker: banners.id,
    },
    rows: (window) => repo.bannerRows(db, window),
    count: (where) => repo.countWhere(db, banners, where),
    items: (rows) => rows.map((r) => toBanner(r.row, r.label)),
  }),
);

export function bannerPage(
  db: DbOrTx,
  query: PageInput & { status?: CatalogStatus; visibility?: Visibility },
) {
  return bannerList(db)(query, [
    query.status ? eq(banners.status, query.status) : undefined,
    query.visibility ? eq(banners.visibility, query.visibility) : undefined,
  ]);
}
