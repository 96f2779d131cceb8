import type { Category } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { thumbnailOf } from '../../media/index.js';
import { categoryDetail } from '../queries/categories.js';
import * as repo from '../repo.js';
import { CATEGORY, duplicateCategory, rethrowDuplicate } from '../rules.js';
import type { CategoryInput } from './create-category.js';

export function updateCategory(unitOfWork: UnitOfWork, id: string, input: CategoryInput): Promise<Category> {
  return unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const before = await repo.lockLevel(change, 'CATEGORY', id);
    if (!before) throw notFound('The category');
    const taken = await repo.findNamed(tx, 'CATEGORY', input.name, id);
    if (taken) throw conflict(duplicateCategory(taken.name));
    const after = await repo.updateCategory(tx, id, {
      ...input,
      thumbnail: thumbnailOf(input.image),
      updatedAt: now,
    });
    await audit({ action: 'CATEGORY_UPDATED', entityType: CATEGORY, entityId: id, before, after });
    return categoryDetail(tx, id);
  }).catch(rethrowDuplicate(duplicateCategory(input.name)));
}
