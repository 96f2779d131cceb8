import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { bannerRoutes } from './banner.routes.js';
import { createBannerService } from './banner.service.js';

/** Home-page banners with schedule and audience. */
export async function bannerModule(app: FastifyInstance, ports: Ports) {
  await app.register(bannerRoutes, { banners: createBannerService({ db: ports.db, clock: ports.clock }) });
}
