import type { Banner } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import { bannerDetail } from '../queries/banners.js';
import * as repo from '../repo.js';
import { BANNER, type BannerInput, bannerValues } from '../shapes.js';
import { checkLink } from './check-link.js';

export function updateBanner(unitOfWork: UnitOfWork, id: string, input: BannerInput): Promise<Banner> {
  return unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    if (!(await repo.lockBanner(change, id))) throw notFound('The banner');
    const before = await bannerDetail(tx, id);
    await checkLink(tx, input);
    await repo.updateBanner(tx, id, {
      ...bannerValues(input),
      ...(input.order === undefined ? {} : { order: input.order }),
      updatedAt: now,
    });
    const after = await bannerDetail(tx, id);
    await audit({ action: 'BANNER_UPDATED', entityType: BANNER, entityId: id, before, after });
    return after;
  });
}
