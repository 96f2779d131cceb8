import type { AdminReason, CatalogStatus } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../reason.repo.js';
import { duplicateReason, REASON, toReason, unlessDuplicate } from '../reason-rules.js';

export function updateReason(
  unitOfWork: UnitOfWork,
  id: string,
  input: { text: string; status: CatalogStatus; order: number },
): Promise<AdminReason> {
  return unitOfWork(async (change) => {
    const { tx, audit } = change;
    const current = await repo.lockReason(change, id);
    if (!current) throw notFound('The reason');
    const same = await repo.findSameText(tx, current.kind, input.text, id);
    if (same) throw duplicateReason(current.kind, same.text);
    const row = await unlessDuplicate(current.kind, input.text, () => repo.updateReason(tx, id, input));
    if (!row) throw notFound('The reason');
    await audit({ action: 'REASON_UPDATED', entityType: REASON, entityId: id, before: current, after: row });
    return toReason(row);
  });
}
