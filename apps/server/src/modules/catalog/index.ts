import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCategoryService } from './category.service.js';
import { createRequestService } from './requests.service.js';
import { createTagService } from './tag.service.js';

/** Categories, subcategories and tags, and organizers' requests for new ones (docs/catalog.md). */
export async function catalogModule(app: FastifyInstance, ports: Ports) {
  const { db, clock } = ports;
  const categories = createCategoryService({ db, clock });
  const tags = createTagService({ db, clock });
  const requests = createRequestService({ db, clock, categories, tags });
  await app.register(catalogRoutes, { categories, tags, requests });
}
