import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { bannerRoutes } from './routes.js';

/** Home-page banners with schedule and audience. */
export async function bannersModule(app: FastifyInstance, ports: Ports) {
  await app.register(bannerRoutes, { db: ports.db, unitOfWork: ports.unitOfWork });
}
