import type { AdminReason } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../reason.repo.js';
import { REASON, toReason } from '../reason-rules.js';

export function deleteReason(unitOfWork: UnitOfWork, id: string): Promise<AdminReason> {
  return unitOfWork(async ({ tx, audit }) => {
    const row = await repo.deleteReason(tx, id);
    if (!row) throw notFound('The reason');
    await audit({ action: 'REASON_DELETED', entityType: REASON, entityId: id, before: row });
    return toReason(row);
  });
}
