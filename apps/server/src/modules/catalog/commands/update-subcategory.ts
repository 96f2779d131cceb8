import type { Subcategory } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { thumbnailOf } from '../../media/index.js';
import { subcategoryDetail } from '../queries/subcategories.js';
import * as repo from '../repo.js';
import { duplicateSubcategory, rethrowDuplicate, SUBCATEGORY } from '../rules.js';
import { assertCategoriesExist, type SubcategoryInput } from './create-subcategory.js';

export function updateSubcategory(
  unitOfWork: UnitOfWork,
  id: string,
  input: SubcategoryInput,
): Promise<Subcategory> {
  return unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const locked = await repo.lockLevel(change, 'SUBCATEGORY', id);
    if (!locked) throw notFound('The subcategory');
    const before = await subcategoryDetail(tx, id);
    const taken = await repo.findNamed(tx, 'SUBCATEGORY', input.name, id);
    if (taken) throw conflict(duplicateSubcategory(taken.name));
    await assertCategoriesExist(tx, input.categoryIds);
    const { categoryIds, ...values } = input;
    await repo.updateSubcategory(tx, id, {
      ...values,
      thumbnail: thumbnailOf(values.image),
      updatedAt: now,
    });
    await repo.setSubcategoryCategories(tx, id, categoryIds);
    const after = await subcategoryDetail(tx, id);
    await audit({ action: 'SUBCATEGORY_UPDATED', entityType: SUBCATEGORY, entityId: id, before, after });
    return after;
  }).catch(rethrowDuplicate(duplicateSubcategory(input.name)));
}
