import type { Subcategory, SubcategoryBody } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { Change, UnitOfWork } from '../../../db/unit-of-work.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { thumbnailOf } from '../../media/index.js';
import { subcategoryDetail } from '../queries/subcategories.js';
import * as repo from '../repo.js';
import { duplicateSubcategory, rethrowDuplicate, SUBCATEGORY } from '../rules.js';

export type SubcategoryInput = Required<Omit<SubcategoryBody, 'order'>> & { order: number };

export async function assertCategoriesExist(tx: DbOrTx, ids: string[]) {
  const found = await repo.existingCategoryIds(tx, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest('One of the chosen categories no longer exists. Reload and choose again.', [
      { field: 'categoryIds', message: 'One of the chosen categories no longer exists' },
    ]);
  }
}

/** Creates and audits a subcategory inside the caller's unit of work (also used by request approval). */
export async function createSubcategoryIn(
  { tx, audit }: Change,
  input: SubcategoryInput,
): Promise<Subcategory> {
  const taken = await repo.findNamed(tx, 'SUBCATEGORY', input.name);
  if (taken) throw conflict(duplicateSubcategory(taken.name));
  await assertCategoriesExist(tx, input.categoryIds);
  const { categoryIds, ...values } = input;
  const row = await repo.insertSubcategory(tx, { ...values, thumbnail: thumbnailOf(values.image) });
  await repo.setSubcategoryCategories(tx, row.id, categoryIds);
  const after = await subcategoryDetail(tx, row.id);
  await audit({ action: 'SUBCATEGORY_CREATED', entityType: SUBCATEGORY, entityId: row.id, after });
  return after;
}

export function createSubcategory(unitOfWork: UnitOfWork, input: SubcategoryInput): Promise<Subcategory> {
  return unitOfWork((c) => createSubcategoryIn(c, input)).catch(
    rethrowDuplicate(duplicateSubcategory(input.name)),
  );
}
