import { and, asc, count, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { type PageWindow, paged } from '../../db/list.js';
import {
  catalogRequests,
  categories,
  events,
  subcategories,
  subcategoryCategories,
  tags,
  users,
} from '../../db/schema/index.js';
import type { Change } from '../../db/unit-of-work.js';

type Named = PgTable & { id: PgColumn; name: PgColumn };

export { countWhere } from '../../db/list-total.js';

/** The row of `kind` whose name equals `name` ignoring case (other than `exceptId`), if any. */
export function findNamed(db: DbOrTx, kind: CatalogKind, name: string, exceptId?: string) {
  return findByName(db, NAMED_TABLE[kind], name, exceptId);
}

async function findByName(db: DbOrTx, table: Named, name: string, exceptId?: string) {
  const where = and(
    sql`lower(${table.name}) = lower(${name})`,
    exceptId ? ne(table.id, exceptId) : undefined,
  ) as SQL;
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(where).limit(1);
  return row as { id: string; name: string } | undefined;
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
    .orderBy(asc(categories.name), asc(categories.id));
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

// Categories and subcategories (same columns: the level functions serve both) ---------------------

export type LevelTable = typeof categories | typeof subcategories;
/** Which of the two levels a call names. */
export type Level = 'CATEGORY' | 'SUBCATEGORY';
const LEVEL_TABLE: Record<Level, LevelTable> = { CATEGORY: categories, SUBCATEGORY: subcategories };
/** The catalog tables a name is looked up in (a request names its kind). */
const NAMED_TABLE = { CATEGORY: categories, SUBCATEGORY: subcategories, TAG: tags } as const;
export type CatalogKind = keyof typeof NAMED_TABLE;
type CategoryValues = typeof categories.$inferInsert;
type SubcategoryValues = typeof subcategories.$inferInsert;

/** Active items of one level as picker options, in display order. */
export function activeOptionRows(db: DbOrTx, level: Level, where: SQL | undefined) {
  const table = LEVEL_TABLE[level];
  return db
    .select({ id: table.id, name: table.name, image: table.image, thumbnail: table.thumbnail })
    .from(table)
    .where(and(eq(table.status, 'ACTIVE'), where))
    .orderBy(asc(table.order), asc(table.name), asc(table.id));
}

export async function updateLevel(
  db: DbOrTx,
  level: Level,
  id: string,
  values: Partial<Pick<CategoryValues, 'status' | 'isPopular' | 'updatedAt'>>,
) {
  const table = LEVEL_TABLE[level];
  const [row] = await db.update(table).set(values).where(eq(table.id, id)).returning();
  return row;
}

/** The item's row, locked FOR UPDATE in the change (undefined when there is none). */
export async function lockLevel(change: Change, level: Level, id: string) {
  const table = LEVEL_TABLE[level];
  const [row] = await change.lock(table, eq(table.id, id));
  return row;
}

export async function lockTag(change: Change, id: string) {
  const [row] = await change.lock(tags, eq(tags.id, id));
  return row;
}

/** A pending-or-decided request of one of `kinds`, locked FOR UPDATE in the change. */
export async function lockRequest(change: Change, id: string, kinds: CatalogKind[]) {
  const [row] = await change.lock(
    catalogRequests,
    and(eq(catalogRequests.id, id), inArray(catalogRequests.kind, kinds)) as SQL,
  );
  return row;
}

export async function findRequest(db: DbOrTx, id: string) {
  const [row] = await selectRequests(db).where(eq(catalogRequests.id, id));
  return row;
}

export async function findCategoryWithCount(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ row: categories, n: subcategoryCountSql() })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

export async function insertCategory(db: DbOrTx, values: CategoryValues) {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('category not created');
  return row;
}

export async function updateCategory(db: DbOrTx, id: string, values: Partial<CategoryValues>) {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row;
}

/** Every category as a choice for a subcategory's form, in display order. */
export function categoryChoices(db: DbOrTx) {
  return db
    .select({ id: categories.id, name: categories.name, status: categories.status })
    .from(categories)
    .orderBy(asc(categories.order), asc(categories.name), asc(categories.id));
}

export async function findSubcategory(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  return row;
}

export async function insertSubcategory(db: DbOrTx, values: SubcategoryValues) {
  const [row] = await db.insert(subcategories).values(values).returning();
  if (!row) throw new Error('subcategory not created');
  return row;
}

export async function updateSubcategory(db: DbOrTx, id: string, values: Partial<SubcategoryValues>) {
  const [row] = await db.update(subcategories).set(values).where(eq(subcategories.id, id)).returning();
  return row;
}

export async function deleteSubcategory(db: DbOrTx, id: string) {
  await db.delete(subcategories).where(eq(subcategories.id, id));
}

/** SQL: the subcategory row in the outer query belongs to the category. */
export function inCategorySql(db: DbOrTx, categoryId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subcategoryCategories)
      .where(
        and(
          eq(subcategoryCategories.subcategoryId, subcategories.id),
          eq(subcategoryCategories.categoryId, categoryId),
        ),
      ),
  );
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

// List pages (db/list.ts applies search, filters, sort and window) -------------------------------

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

type RequestValues = typeof catalogRequests.$inferInsert;

export async function insertRequest(db: DbOrTx, values: RequestValues) {
  const [row] = await db.insert(catalogRequests).values(values).returning();
  if (!row) throw new Error('request not created');
  return row;
}

export async function updateRequest(db: DbOrTx, id: string, values: Partial<RequestValues>) {
  const [row] = await db.update(catalogRequests).set(values).where(eq(catalogRequests.id, id)).returning();
  return row;
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

/**
 * The events that use a subcategory, whatever their status (a draft or a cancelled event still names
 * it; `on delete set null` would quietly empty it). Deleting a subcategory in use answers 409. The
 * caller holds the subcategory row FOR UPDATE: an event saved with it meanwhile waits on that lock
 * (its foreign key check takes a key-share lock on the row), so the count cannot go stale before the
 * delete.
 */
export async function countEventsUsingSubcategory(db: DbOrTx, subcategoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(eq(events.subcategoryId, subcategoryId));
  return row?.n ?? 0;
}
