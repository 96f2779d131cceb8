import type { Banner, CatalogStatus } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import { bannerDetail } from '../queries/banners.js';
import * as repo from '../repo.js';
import { BANNER } from '../shapes.js';

export function setBannerStatus(unitOfWork: UnitOfWork, id: string, status: CatalogStatus): Promise<Banner> {
  return unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    const before = await repo.lockBanner(change, id);
    if (!before) throw notFound('The banner');
    const after = await repo.updateBanner(tx, id, { status, updatedAt: now });
    await audit({ action: 'BANNER_STATUS_CHANGED', entityType: BANNER, entityId: id, before, after });
    return bannerDetail(tx, id);
  });
}
