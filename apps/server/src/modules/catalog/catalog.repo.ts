import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  catalogRequests,
  categories,
  subcategories,
  subcategoryCategories,
  tags,
  users,
} from '../../db/schema/index.js';
import { type PageWindow, paged } from '../../lib/list.js';

type Named = PgTable & { id: PgColumn; name: PgColumn };

/** The row whose name equals `name` ignoring case (other than `exceptId`), if any. */
export async function findByName(db: DbOrTx, table: Named, name: string, exceptId?: string) {
  const where = and(
    sql`lower(${table.name}) = lower(${name})`,
    exceptId ? ne(table.id, exceptId) : undefined,
  ) as SQL;
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(where).limit(1);
  return row as { id: string; name: string } | undefined;
}

export async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export function subcategoryCountSql() {
  return sql<number>`(select count(*)::int from ${subcategoryCategories} where ${subcategoryCategories.categoryId} = ${categories.id})`;
}

/** Categories of each subcategory, for list rows. */
export async function categoriesOfSubcategories(db: DbOrTx, subcategoryIds: string[]) {
  const map = new Map<string, { _id: string; name: string }[]>();
  if (subcategoryIds.length === 0) return map;
  const rows = await db
    .select({ subcategoryId: subcategoryCategories.subcategoryId, id: categories.id, name: categories.name })
    .from(subcategoryCategories)
    .innerJoin(categories, eq(categories.id, subcategoryCategories.categoryId))
    .where(inArray(subcategoryCategories.subcategoryId, subcategoryIds))
    .orderBy(categories.name);
  for (const row of rows) {
    const list = map.get(row.subcategoryId) ?? [];
    list.push({ _id: row.id, name: row.name });
    map.set(row.subcategoryId, list);
  }
  return map;
}

export async function setSubcategoryCategories(db: DbOrTx, subcategoryId: string, categoryIds: string[]) {
  await db.delete(subcategoryCategories).where(eq(subcategoryCategories.subcategoryId, subcategoryId));
  if (categoryIds.length > 0) {
    await db
      .insert(subcategoryCategories)
      .values([...new Set(categoryIds)].map((categoryId) => ({ subcategoryId, categoryId })));
  }
}

export async function existingCategoryIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}

// Tags ----------------------------------------------------------------------------------------------

type TagValues = typeof tags.$inferInsert;

export async function insertTag(db: DbOrTx, values: TagValues) {
  const [row] = await db.insert(tags).values(values).returning();
  if (!row) throw new Error('tag not created');
  return row;
}

export async function updateTag(db: DbOrTx, id: string, values: Partial<TagValues>) {
  const [row] = await db.update(tags).set(values).where(eq(tags.id, id)).returning();
  return row;
}

export function deleteTags(db: DbOrTx, ids: string[]) {
  return db.delete(tags).where(inArray(tags.id, ids)).returning();
}

// List pages (lib/list.ts applies search, filters, sort and window) -------------------------------

export const categoryRows = (db: DbOrTx, window: PageWindow) =>
  paged(db.select({ row: categories, n: subcategoryCountSql() }).from(categories).$dynamic(), window);

export const subcategoryRows = (db: DbOrTx, window: PageWindow) =>
  paged(db.select().from(subcategories).$dynamic(), window);

export const tagRows = (db: DbOrTx, window: PageWindow) => paged(db.select().from(tags).$dynamic(), window);

/** A catalog request with the name and email of the organizer who sent it. */
export const requestColumns = {
  request: catalogRequests,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export function selectRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(catalogRequests)
    .innerJoin(users, eq(users.id, catalogRequests.requestedBy));
}

export const requestRows = (db: DbOrTx, window: PageWindow) => paged(selectRequests(db).$dynamic(), window);

export async function countRequests(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(catalogRequests)
    .innerJoin(users, eq(users.id, catalogRequests.requestedBy))
    .where(where);
  return row?.n ?? 0;
}

export { categories, subcategories, tags };
