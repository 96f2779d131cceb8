import type { ClassBookingMode } from '@marquee/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  categories,
  classTypes,
  subcategories,
  subcategoryCategories,
  tags,
} from '../../../db/schema/index.js';

/** What the event form may name of the catalog (authoring-rules.ts): only ACTIVE entries. */
export async function isActiveCategory(db: DbOrTx, categoryId: string): Promise<boolean> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.status, 'ACTIVE')));
  return category !== undefined;
}

/** An ACTIVE subcategory linked to the category. */
export async function isActiveSubcategoryOf(
  db: DbOrTx,
  subcategoryId: string,
  categoryId: string,
): Promise<boolean> {
  const [link] = await db
    .select({ id: subcategories.id })
    .from(subcategories)
    .innerJoin(subcategoryCategories, eq(subcategoryCategories.subcategoryId, subcategories.id))
    .where(
      and(
        eq(subcategories.id, subcategoryId),
        eq(subcategories.status, 'ACTIVE'),
        eq(subcategoryCategories.categoryId, categoryId),
      ),
    );
  return link !== undefined;
}

export async function activeTagIds(db: DbOrTx, tagIds: string[]): Promise<Set<string>> {
  const active = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, tagIds), eq(tags.status, 'ACTIVE')));
  return new Set(active.map((t) => t.id));
}

/** The class type's booking mode; undefined when there is no such class type. */
export async function classTypeBookingMode(
  db: DbOrTx,
  classTypeId: string,
): Promise<ClassBookingMode | undefined> {
  const [classType] = await db
    .select({ bookingMode: classTypes.bookingMode })
    .from(classTypes)
    .where(eq(classTypes.id, classTypeId));
  return classType?.bookingMode;
}
