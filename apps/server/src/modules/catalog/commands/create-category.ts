import type { Category, CategoryBody } from '@marquee/contract';
import type { Change, UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict } from '../../../lib/errors.js';
import { thumbnailOf } from '../../media/index.js';
import * as repo from '../repo.js';
import { CATEGORY, duplicateCategory, rethrowDuplicate } from '../rules.js';
import { toCategory } from '../shapes.js';

export type CategoryInput = Required<Omit<CategoryBody, 'order'>> & { order: number };

/** Creates and audits a category inside the caller's unit of work (also used by request approval). */
export async function createCategoryIn({ tx, audit }: Change, input: CategoryInput): Promise<Category> {
  const taken = await repo.findNamed(tx, 'CATEGORY', input.name);
  if (taken) throw conflict(duplicateCategory(taken.name));
  const row = await repo.insertCategory(tx, { ...input, thumbnail: thumbnailOf(input.image) });
  await audit({ action: 'CATEGORY_CREATED', entityType: CATEGORY, entityId: row.id, after: row });
  return toCategory(row, 0);
}

export function createCategory(unitOfWork: UnitOfWork, input: CategoryInput): Promise<Category> {
  return unitOfWork((c) => createCategoryIn(c, input)).catch(rethrowDuplicate(duplicateCategory(input.name)));
}
