import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { contentRoutes } from './content.routes.js';
import { createContentService } from './content.service.js';

/** The terms, privacy, about and FAQ pages. */
export async function contentModule(app: FastifyInstance, ports: Ports) {
  await app.register(contentRoutes, { content: createContentService({ db: ports.db, clock: ports.clock }) });
}
