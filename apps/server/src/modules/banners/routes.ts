import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { addRoute } from '../../lib/route.js';
import { createBanner } from './commands/create-banner.js';
import { deleteBanner } from './commands/delete-banner.js';
import { reorderBanners } from './commands/reorder-banners.js';
import { setBannerStatus } from './commands/set-banner-status.js';
import { updateBanner } from './commands/update-banner.js';
import { bannerDetail, bannerPage } from './queries/banners.js';

/** Banners are administrators' work only. */
export async function bannerRoutes(app: FastifyInstance, deps: { db: Db; unitOfWork: UnitOfWork }) {
  const { db, unitOfWork } = deps;
  addRoute(app, c.getBannerList, async ({ query }) => {
    return { message: 'Banners loaded.', result: await bannerPage(db, query) };
  });
  addRoute(app, c.getBannerDetail, async ({ query }) => {
    return { message: 'Banner loaded.', result: await bannerDetail(db, query.bannerId) };
  });
  addRoute(app, c.createBanner, async ({ body }) => {
    const result = await createBanner(unitOfWork, body);
    return { message: `Banner "${result.title}" created.`, result };
  });
  addRoute(app, c.updateBanner, async ({ body }) => {
    const { bannerId, ...input } = body;
    const result = await updateBanner(unitOfWork, bannerId, input);
    return { message: `Banner "${result.title}" saved.`, result };
  });
  addRoute(app, c.updateBannerStatus, async ({ body }) => {
    const result = await setBannerStatus(unitOfWork, body.bannerId, body.status);
    return {
      message: `Banner "${result.title}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.reorderBanner, async ({ body }) => {
    await reorderBanners(unitOfWork, body.bannerIds);
    return { message: 'Banner order saved.', result: null };
  });
  addRoute(app, c.deleteBanner, async ({ body }) => {
    const title = await deleteBanner(unitOfWork, body.bannerId);
    return { message: `Banner "${title}" deleted.`, result: null };
  });
}
