import type { CatalogOption, CatalogStatus, Subcategory } from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { defineList, type PageInput, searchWhere } from '../../../db/list.js';
import { subcategories } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { perApp } from '../../../lib/per-app.js';
import * as repo from '../repo.js';
import { toOption, toSubcategory } from '../shapes.js';

/** One subcategory with its categories; 404 when there is none. */
export async function subcategoryDetail(db: DbOrTx, id: string): Promise<Subcategory> {
  const row = await repo.findSubcategory(db, id);
  if (!row) throw notFound('The subcategory');
  const cats = await repo.categoriesOfSubcategories(db, [id]);
  return toSubcategory(row, cats.get(id) ?? []);
}

/** Active subcategories as picker options (optionally searched, or of one category), in display order. */
export async function activeSubcategories(
  db: DbOrTx,
  query: { search?: string; categoryId?: string },
): Promise<CatalogOption[]> {
  const where = and(
    searchWhere(query.search, [subcategories.name]),
    query.categoryId ? repo.inCategorySql(db, query.categoryId) : undefined,
  );
  return (await repo.activeOptionRows(db, 'SUBCATEGORY', where)).map(toOption);
}

export async function popularSubcategories(db: DbOrTx): Promise<CatalogOption[]> {
  return (await repo.activeOptionRows(db, 'SUBCATEGORY', eq(subcategories.isPopular, true))).map(toOption);
}

const subcategoryList = perApp((db: DbOrTx) =>
  defineList({
    search: [subcategories.name],
    sort: {
      fields: {
        name: subcategories.name,
        order: subcategories.order,
        createdAt: subcategories.createdAt,
        status: subcategories.status,
      },
      default: [asc(subcategories.order), asc(subcategories.name)],
      tieBreaker: subcategories.id,
    },
    rows: (window) => repo.subcategoryRows(db, window),
    count: (where) => repo.countWhere(db, subcategories, where),
    items: async (rows) => {
      const cats = await repo.categoriesOfSubcategories(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toSubcategory(row, cats.get(row.id) ?? []));
    },
  }),
);

/** The administrators' page of subcategories. */
export function subcategoryPage(
  db: DbOrTx,
  query: PageInput & { status?: CatalogStatus; isPopular?: boolean; categoryId?: string },
) {
  return subcategoryList(db)(query, [
    query.status ? eq(subcategories.status, query.status) : undefined,
    query.isPopular === undefined ? undefined : eq(subcategories.isPopular, query.isPopular),
    query.categoryId ? repo.inCategorySql(db, query.categoryId) : undefined,
  ]);
}

/** Every category as a choice for a subcategory's form, marked when the subcategory belongs to it. */
export async function associateCategoryList(db: DbOrTx, subcategoryId?: string) {
  const linked = new Set<string>();
  if (subcategoryId) {
    const sub = await subcategoryDetail(db, subcategoryId);
    for (const c of sub.categories) linked.add(c._id);
  }
  const rows = await repo.categoryChoices(db);
  return rows.map((r) => ({ _id: r.id, name: r.name, status: r.status, associated: linked.has(r.id) }));
}
