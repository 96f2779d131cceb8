import type { CatalogStatus, Category, Subcategory } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import { categoryDetail } from '../queries/categories.js';
import { subcategoryDetail } from '../queries/subcategories.js';
import * as repo from '../repo.js';

type Flags = { status?: CatalogStatus; isPopular?: boolean };

/** Status or popular flag of one category or subcategory, audited; 404 naming it when it does not exist. */
function setFlags(unitOfWork: UnitOfWork, level: repo.Level, id: string, values: Flags) {
  const what = level === 'CATEGORY' ? 'The category' : 'The subcategory';
  return unitOfWork(async (change) => {
    const before = await repo.lockLevel(change, level, id);
    if (!before) throw notFound(what);
    const after = await repo.updateLevel(change.tx, level, id, { ...values, updatedAt: change.now });
    const action = values.status !== undefined ? 'STATUS_CHANGED' : 'POPULAR_CHANGED';
    await change.audit({ action: `${level}_${action}`, entityType: level, entityId: id, before, after });
  });
}

export async function setCategoryFlags(
  deps: { db: Db; unitOfWork: UnitOfWork },
  id: string,
  values: Flags,
): Promise<Category> {
  await setFlags(deps.unitOfWork, 'CATEGORY', id, values);
  return categoryDetail(deps.db, id);
}

export async function setSubcategoryFlags(
  deps: { db: Db; unitOfWork: UnitOfWork },
  id: string,
  values: Flags,
): Promise<Subcategory> {
  await setFlags(deps.unitOfWork, 'SUBCATEGORY', id, values);
  return subcategoryDetail(deps.db, id);
}
