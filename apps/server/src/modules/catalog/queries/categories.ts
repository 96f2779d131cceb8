import type { CatalogOption, CatalogStatus, Category } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput, searchWhere } from '../../../db/list.js';
import { categories } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../repo.js';
import { toCategory, toOption } from '../shapes.js';

/** One category with its number of subcategories; 404 when there is none. */
export async function categoryDetail(db: DbOrTx, id: string): Promise<Category> {
  const row = await repo.findCategoryWithCount(db, id);
  if (!row) throw notFound('The category');
  return toCategory(row.row, row.n);
}

/** Active categories as picker options (optionally searched), in display order. */
export async function activeCategories(db: DbOrTx, search?: string): Promise<CatalogOption[]> {
  return (await repo.activeOptionRows(db, 'CATEGORY', searchWhere(search, [categories.name]))).map(toOption);
}

export async function popularCategories(db: DbOrTx): Promise<CatalogOption[]> {
  return (await repo.activeOptionRows(db, 'CATEGORY', eq(categories.isPopular, true))).map(toOption);
}

const categoryList = perApp((db: DbOrTx) =>
  defineList({
    search: [categories.name],
    sort: {
      fields: {
        name: categories.name,
        order: categories.order,
        createdAt: categories.createdAt,
        status: categories.status,
      },
      default: [asc(categories.order), asc(categories.name)],
      tieBreaker: categories.id,
    },
    rows: (window) => repo.categoryRows(db, window),
    count: (where) => repo.countWhere(db, categories, where),
    items: (rows) => rows.map((r) => toCategory(r.row, r.n)),
  }),
);

/** The administrators' page of categories. */
export function categoryPage(db: DbOrTx, query: PageInput & { status?: CatalogStatus; isPopular?: boolean }) {
  return categoryList(db)(query, [
    query.status ? eq(categories.status, query.status) : undefined,
    query.isPopular === undefined ? undefined : eq(categories.isPopular, query.isPopular),
  ]);
}
