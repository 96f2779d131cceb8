import type { Banner } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { bannerDetail } from '../queries/banners.js';
import * as repo from '../repo.js';
import { BANNER, type BannerInput, bannerValues } from '../shapes.js';
import { checkLink } from './check-link.js';

export function createBanner(unitOfWork: UnitOfWork, input: BannerInput): Promise<Banner> {
  return unitOfWork(async ({ tx, audit }) => {
    await checkLink(tx, input);
    const row = await repo.insertBanner(tx, {
      ...bannerValues(input),
      order: input.order ?? (await repo.nextOrder(tx)),
    });
    const after = await bannerDetail(tx, row.id);
    await audit({ action: 'BANNER_CREATED', entityType: BANNER, entityId: row.id, after });
    return after;
  });
}
