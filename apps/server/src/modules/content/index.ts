import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { contentRoutes } from './routes.js';

/** The terms, privacy, about and FAQ pages. */
export async function contentModule(app: FastifyInstance, ports: Ports) {
  await app.register(contentRoutes, { db: ports.db, unitOfWork: ports.unitOfWork });
}
