import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../repo.js';
import { BANNER } from '../shapes.js';

/** The ids in their new order; each gets its position. Unknown ids are a 404. */
export function reorderBanners(unitOfWork: UnitOfWork, ids: string[]): Promise<void> {
  return unitOfWork(async (change) => {
    const unique = [...new Set(ids)];
    const found = await repo.lockBanners(change, unique);
    if (found.length !== unique.length) throw notFound('One of the banners');
    const before = new Map(found.map((b) => [b.id, b.order]));
    for (const [order, id] of unique.entries()) {
      if (before.get(id) === order) continue;
      await repo.updateBanner(change.tx, id, { order });
      await change.audit({
        action: 'BANNER_REORDERED',
        entityType: BANNER,
        entityId: id,
        before: { order: before.get(id) },
        after: { order },
      });
    }
  });
}
