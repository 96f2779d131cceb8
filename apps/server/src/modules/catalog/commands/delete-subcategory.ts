import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { SUBCATEGORY, SUBCATEGORY_IN_USE } from '../rules.js';

/** Deletes a subcategory no event uses (409 naming how many do otherwise); answers its name. */
export function deleteSubcategory(unitOfWork: UnitOfWork, id: string): Promise<string> {
  return unitOfWork(async (change) => {
    // Locked so an event cannot start using it between the check and the delete.
    const row = await repo.lockLevel(change, 'SUBCATEGORY', id);
    if (!row) throw notFound('The subcategory');
    const events = await repo.countEventsUsingSubcategory(change.tx, id);
    if (events > 0) throw conflict(SUBCATEGORY_IN_USE(row.name, events));
    await repo.deleteSubcategory(change.tx, id);
    await change.audit({ action: 'SUBCATEGORY_DELETED', entityType: SUBCATEGORY, entityId: id, before: row });
    return row.name;
  });
}
