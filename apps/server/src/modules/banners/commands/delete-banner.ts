import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { BANNER } from '../shapes.js';

/** Deletes the banner; answers its title. */
export function deleteBanner(unitOfWork: UnitOfWork, id: string): Promise<string> {
  return unitOfWork(async ({ tx, audit }) => {
    const row = await repo.deleteBanner(tx, id);
    if (!row) throw notFound('The banner');
    await audit({ action: 'BANNER_DELETED', entityType: BANNER, entityId: id, before: row });
    return row.title;
  });
}
