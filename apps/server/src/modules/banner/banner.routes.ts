import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../lib/access.js';
import { addRoute } from '../../lib/route.js';
import type { BannerService } from './banner.service.js';

/** Banners are administrators' work only. */
export async function bannerRoutes(app: FastifyInstance, opts: { banners: BannerService }) {
  const { banners } = opts;
  addRoute(app, c.getBannerList, async ({ actor, query }) => {
    requireAdmin(actor);
    return { message: 'Banners loaded.', result: await banners.page(query) };
  });
  addRoute(app, c.getBannerDetail, async ({ actor, query }) => {
    requireAdmin(actor);
    return { message: 'Banner loaded.', result: await banners.detail(query.bannerId) };
  });
  addRoute(app, c.createBanner, async ({ actor, body }) => {
    requireAdmin(actor);
    const result = await banners.create(body);
    return { message: `Banner "${result.title}" created.`, result };
  });
  addRoute(app, c.updateBanner, async ({ actor, body }) => {
    requireAdmin(actor);
    const { bannerId, ...input } = body;
    const result = await banners.update(bannerId, input);
    return { message: `Banner "${result.title}" saved.`, result };
  });
  addRoute(app, c.updateBannerStatus, async ({ actor, body }) => {
    requireAdmin(actor);
    const result = await banners.setStatus(body.bannerId, body.status);
    return {
      message: `Banner "${result.title}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.reorderBanner, async ({ actor, body }) => {
    requireAdmin(actor);
    await banners.reorder(body.bannerIds);
    return { message: 'Banner order saved.', result: null };
  });
  addRoute(app, c.deleteBanner, async ({ actor, body }) => {
    requireAdmin(actor);
    const title = await banners.remove(body.bannerId);
    return { message: `Banner "${title}" deleted.`, result: null };
  });
}
