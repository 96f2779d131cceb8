import type {
  CatalogOption,
  CatalogStatus,
  Category,
  CategoryBody,
  Subcategory,
  SubcategoryBody,
} from '@marquee/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { defineList, isUniqueViolation, type PageInput, searchWhere } from '../../db/list.js';
import { type CategoryRow, categories, type SubcategoryRow, subcategories } from '../../db/schema/index.js';
import { type Change, createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { thumbnailOf } from '../media/index.js';
import * as repo from './catalog.repo.js';
import { countEventsUsingSubcategory } from './usage.js';

type CategoryInput = Required<Omit<CategoryBody, 'order'>> & { order: number };
type SubcategoryInput = Required<Omit<SubcategoryBody, 'order'>> & { order: number };
/** Categories and subcategories share their columns, so the queries below serve both. */
type LevelTable = repo.LevelTable;
type Flags = Partial<Pick<CategoryRow, 'status' | 'isPopular'>>;

export function toCategory(row: CategoryRow, subcategoryCount: number): Category {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as Category['image'],
    thumbnail: row.thumbnail as Category['thumbnail'],
    status: row.status,
    isPopular: row.isPopular,
    order: row.order,
    subcategoryCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSubcategory(row: SubcategoryRow, cats: { _id: string; name: string }[]): Subcategory {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as Subcategory['image'],
    thumbnail: row.thumbnail as Subcategory['thumbnail'],
    status: row.status,
    isPopular: row.isPopular,
    order: row.order,
    categories: cats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toOption(row: {
  id: string;
  name: string;
  image: string | null;
  thumbnail: string | null;
}): CatalogOption {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as CatalogOption['image'],
    thumbnail: row.thumbnail as CatalogOption['thumbnail'],
  };
}

/** Audit entity types of the catalog. */
export const CATEGORY = 'CATEGORY';
export const SUBCATEGORY = 'SUBCATEGORY';

export const duplicateCategory = (name: string) => `A category named "${name}" already exists.`;
export const duplicateSubcategory = (name: string) => `A subcategory named "${name}" already exists.`;
export const SUBCATEGORY_IN_USE = (name: string, events: number) =>
  `"${name}" is used by ${events} event${events === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead, or move those events to another subcategory first.`;

export function createCategoryService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const change = createUnitOfWork({ db, clock });

  // ---------- shared by both levels (same columns) ----------

  /** Active items of one level as picker options, in display order. */
  async function activeOptions(table: LevelTable, where: SQL | undefined): Promise<CatalogOption[]> {
    return (await repo.activeOptionRows(db, table, where)).map(toOption);
  }

  /** Status or popular flag of one item, audited; 404 naming `what` when it does not exist. */
  function patchFlags(table: LevelTable, id: string, values: Flags, what: string) {
    const entityType = table === categories ? CATEGORY : SUBCATEGORY;
    return change(async ({ tx, now, lock, audit }) => {
      const [before] = await lock(table, eq(table.id, id));
      if (!before) throw notFound(what);
      const after = await repo.updateLevel(tx, table, id, { ...values, updatedAt: now });
      const action = values.status !== undefined ? 'STATUS_CHANGED' : 'POPULAR_CHANGED';
      await audit({ action: `${entityType}_${action}`, entityType, entityId: id, before, after });
    });
  }

  // ---------- categories ----------

  async function loadCategory(tx: DbOrTx, id: string): Promise<Category> {
    const row = await repo.findCategoryWithCount(tx, id);
    if (!row) throw notFound('The category');
    return toCategory(row.row, row.n);
  }

  async function assertCategoryNameFree(tx: DbOrTx, name: string, exceptId?: string) {
    const taken = await repo.findByName(tx, categories, name, exceptId);
    if (taken) throw conflict(duplicateCategory(taken.name));
  }

  function activeCategories(search?: string): Promise<CatalogOption[]> {
    return activeOptions(categories, searchWhere(search, [categories.name]));
  }

  function popularCategories(): Promise<CatalogOption[]> {
    return activeOptions(categories, eq(categories.isPopular, true));
  }

  const categoryList = defineList({
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
  });

  function categoryPage(query: PageInput & { status?: CatalogStatus; isPopular?: boolean }) {
    return categoryList(query, [
      query.status ? eq(categories.status, query.status) : undefined,
      query.isPopular === undefined ? undefined : eq(categories.isPopular, query.isPopular),
    ]);
  }

  /** Creates and audits a category inside the caller's unit of work (also used by request approval). */
  async function createCategoryIn({ tx, audit }: Change, input: CategoryInput): Promise<Category> {
    await assertCategoryNameFree(tx, input.name);
    const row = await repo.insertCategory(tx, { ...input, thumbnail: thumbnailOf(input.image) });
    await audit({ action: 'CATEGORY_CREATED', entityType: CATEGORY, entityId: row.id, after: row });
    return toCategory(row, 0);
  }

  function createCategory(input: CategoryInput): Promise<Category> {
    return change((c) => createCategoryIn(c, input)).catch(rethrowDuplicate(duplicateCategory(input.name)));
  }

  async function updateCategory(id: string, input: CategoryInput): Promise<Category> {
    return change(async ({ tx, now, lock, audit }) => {
      const [before] = await lock(categories, eq(categories.id, id));
      if (!before) throw notFound('The category');
      await assertCategoryNameFree(tx, input.name, id);
      const after = await repo.updateCategory(tx, id, {
        ...input,
        thumbnail: thumbnailOf(input.image),
        updatedAt: now,
      });
      await audit({ action: 'CATEGORY_UPDATED', entityType: CATEGORY, entityId: id, before, after });
      return loadCategory(tx, id);
    }).catch(rethrowDuplicate(duplicateCategory(input.name)));
  }

  async function patchCategory(id: string, values: Flags) {
    await patchFlags(categories, id, values, 'The category');
    return loadCategory(db, id);
  }

  // ---------- subcategories ----------

  async function loadSubcategory(tx: DbOrTx, id: string): Promise<Subcategory> {
    const row = await repo.findSubcategory(tx, id);
    if (!row) throw notFound('The subcategory');
    const cats = await repo.categoriesOfSubcategories(tx, [id]);
    return toSubcategory(row, cats.get(id) ?? []);
  }

  async function assertCategoriesExist(tx: DbOrTx, ids: string[]) {
    const found = await repo.existingCategoryIds(tx, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw badRequest('One of the chosen categories no longer exists. Reload and choose again.', [
        { field: 'categoryIds', message: 'One of the chosen categories no longer exists' },
      ]);
    }
  }

  const inCategory = (categoryId: string) => repo.inCategorySql(db, categoryId);

  function activeSubcategories(query: { search?: string; categoryId?: string }): Promise<CatalogOption[]> {
    return activeOptions(
      subcategories,
      and(
        searchWhere(query.search, [subcategories.name]),
        query.categoryId ? inCategory(query.categoryId) : undefined,
      ),
    );
  }

  function popularSubcategories(): Promise<CatalogOption[]> {
    return activeOptions(subcategories, eq(subcategories.isPopular, true));
  }

  const subcategoryList = defineList({
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
  });

  function subcategoryPage(
    query: PageInput & { status?: CatalogStatus; isPopular?: boolean; categoryId?: string },
  ) {
    return subcategoryList(query, [
      query.status ? eq(subcategories.status, query.status) : undefined,
      query.isPopular === undefined ? undefined : eq(subcategories.isPopular, query.isPopular),
      query.categoryId ? inCategory(query.categoryId) : undefined,
    ]);
  }

  async function associateCategoryList(subcategoryId?: string) {
    const linked = new Set<string>();
    if (subcategoryId) {
      const sub = await loadSubcategory(db, subcategoryId);
      for (const c of sub.categories) linked.add(c._id);
    }
    const rows = await repo.categoryChoices(db);
    return rows.map((r) => ({ _id: r.id, name: r.name, status: r.status, associated: linked.has(r.id) }));
  }

  /** Creates and audits a subcategory inside the caller's unit of work (also used by request approval). */
  async function createSubcategoryIn({ tx, audit }: Change, input: SubcategoryInput): Promise<Subcategory> {
    const taken = await repo.findByName(tx, subcategories, input.name);
    if (taken) throw conflict(duplicateSubcategory(taken.name));
    await assertCategoriesExist(tx, input.categoryIds);
    const { categoryIds, ...values } = input;
    const row = await repo.insertSubcategory(tx, { ...values, thumbnail: thumbnailOf(values.image) });
    await repo.setSubcategoryCategories(tx, row.id, categoryIds);
    const after = await loadSubcategory(tx, row.id);
    await audit({ action: 'SUBCATEGORY_CREATED', entityType: SUBCATEGORY, entityId: row.id, after });
    return after;
  }

  function createSubcategory(input: SubcategoryInput) {
    return change((c) => createSubcategoryIn(c, input)).catch(
      rethrowDuplicate(duplicateSubcategory(input.name)),
    );
  }

  function updateSubcategory(id: string, input: SubcategoryInput) {
    return change(async ({ tx, now, lock, audit }) => {
      const [locked] = await lock(subcategories, eq(subcategories.id, id));
      if (!locked) throw notFound('The subcategory');
      const before = await loadSubcategory(tx, id);
      const taken = await repo.findByName(tx, subcategories, input.name, id);
      if (taken) throw conflict(duplicateSubcategory(taken.name));
      await assertCategoriesExist(tx, input.categoryIds);
      const { categoryIds, ...values } = input;
      await repo.updateSubcategory(tx, id, {
        ...values,
        thumbnail: thumbnailOf(values.image),
        updatedAt: now,
      });
      await repo.setSubcategoryCategories(tx, id, categoryIds);
      const after = await loadSubcategory(tx, id);
      await audit({ action: 'SUBCATEGORY_UPDATED', entityType: SUBCATEGORY, entityId: id, before, after });
      return after;
    }).catch(rethrowDuplicate(duplicateSubcategory(input.name)));
  }

  async function patchSubcategory(id: string, values: Flags) {
    await patchFlags(subcategories, id, values, 'The subcategory');
    return loadSubcategory(db, id);
  }

  async function deleteSubcategory(id: string): Promise<string> {
    return change(async ({ tx, lock, audit }) => {
      // Locked so an event cannot start using it between the check and the delete.
      const [row] = await lock(subcategories, eq(subcategories.id, id));
      if (!row) throw notFound('The subcategory');
      const events = await countEventsUsingSubcategory(tx, id);
      if (events > 0) throw conflict(SUBCATEGORY_IN_USE(row.name, events));
      await repo.deleteSubcategory(tx, id);
      await audit({ action: 'SUBCATEGORY_DELETED', entityType: SUBCATEGORY, entityId: id, before: row });
      return row.name;
    });
  }

  return {
    activeCategories,
    popularCategories,
    categoryPage,
    categoryDetail: (id: string) => loadCategory(db, id),
    createCategory,
    createCategoryIn,
    updateCategory,
    setCategoryStatus: (id: string, status: CatalogStatus) => patchCategory(id, { status }),
    markCategoryPopular: (id: string, isPopular: boolean) => patchCategory(id, { isPopular }),
    activeSubcategories,
    popularSubcategories,
    subcategoryPage,
    subcategoryDetail: (id: string) => loadSubcategory(db, id),
    associateCategoryList,
    createSubcategory,
    createSubcategoryIn,
    updateSubcategory,
    setSubcategoryStatus: (id: string, status: CatalogStatus) => patchSubcategory(id, { status }),
    markSubcategoryPopular: (id: string, isPopular: boolean) => patchSubcategory(id, { isPopular }),
    deleteSubcategory,
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;

/** Two admins saving the same new name at once: the unique index decides, and the loser gets the 409. */
export function rethrowDuplicate(message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  };
}
