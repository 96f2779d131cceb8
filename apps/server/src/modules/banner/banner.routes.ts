import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { BannerService } from './banner.service.js';

/** Banners are administrators' work only. */
export async function bannerRoutes(app: FastifyInstance, opts: { banners: BannerService }) {
  const { banners } = opts;
  addRoute(app, c.getBannerList, async ({ query }) => {
    return { message: 'Banners loaded.', result: await banners.page(query) };
  });
  addRoute(app, c.getBannerDetail, async ({ query }) => {
    return { message: 'Banner loaded.', result: await banners.detail(query.bannerId) };
  });
  addRoute(app, c.createBanner, async ({ body }) => {
    const result = await banners.create(body);
    return { message: `Banner "${result.title}" created.`, result };
  });
  addRoute(app, c.updateBanner, async ({ body }) => {
    const { bannerId, ...input } = body;
    const result = await banners.update(bannerId, input);
    return { message: `Banner "${result.title}" saved.`, result };
  });
  addRoute(app, c.updateBannerStatus, async ({ body }) => {
    const result = await banners.setStatus(body.bannerId, body.status);
    return {
      message: `Banner "${result.title}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.reorderBanner, async ({ body }) => {
    await banners.reorder(body.bannerIds);
    return { message: 'Banner order saved.', result: null };
  });
  addRoute(app, c.deleteBanner, async ({ body }) => {
    const title = await banners.remove(body.bannerId);
    return { message: `Banner "${title}" deleted.`, result: null };
  });
}
