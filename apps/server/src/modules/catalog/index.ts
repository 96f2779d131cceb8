import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { catalogRoutes } from './routes.js';

/** Categories, subcategories and tags, and organizers' requests for new ones (docs/catalog.md). */
export async function catalogModule(app: FastifyInstance, ports: Ports) {
  await app.register(catalogRoutes, { db: ports.db, unitOfWork: ports.unitOfWork });
}
