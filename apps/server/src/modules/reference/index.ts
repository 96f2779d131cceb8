import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { referenceRoutes } from './routes.js';

/** The reference lists (reasons, class types, ticket types) and reason management. */
export async function referenceModule(app: FastifyInstance, ports: Ports) {
  await app.register(referenceRoutes, { db: ports.db, unitOfWork: ports.unitOfWork });
}
