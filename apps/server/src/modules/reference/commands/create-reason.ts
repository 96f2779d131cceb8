import type { AdminReason, CatalogStatus, ReasonKind } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import * as repo from '../reason.repo.js';
import { duplicateReason, REASON, toReason, unlessDuplicate } from '../reason-rules.js';

export function createReason(
  unitOfWork: UnitOfWork,
  input: { kind: ReasonKind; text: string; status: CatalogStatus; order: number },
): Promise<AdminReason> {
  return unlessDuplicate(input.kind, input.text, () =>
    unitOfWork(async ({ tx, audit }) => {
      const same = await repo.findSameText(tx, input.kind, input.text);
      if (same) throw duplicateReason(input.kind, same.text);
      const row = await repo.insertReason(tx, input);
      if (!row) throw new Error('reason not created');
      await audit({ action: 'REASON_CREATED', entityType: REASON, entityId: row.id, after: row });
      return toReason(row);
    }),
  );
}
