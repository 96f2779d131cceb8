import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { TAG } from '../rules.js';

/** Deletes those of the ids that exist (one audit entry each); none existing is a 404. */
export function deleteTags(unitOfWork: UnitOfWork, ids: string[]): Promise<number> {
  return unitOfWork(async ({ tx, audit }) => {
    const rows = await repo.deleteTags(tx, ids);
    if (rows.length === 0) throw notFound(ids.length === 1 ? 'The tag' : 'The selected tags');
    for (const row of rows) {
      await audit({ action: 'TAG_DELETED', entityType: TAG, entityId: row.id, before: row });
    }
    return rows.length;
  });
}
