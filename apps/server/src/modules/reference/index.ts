import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { createReasonService } from './reason.service.js';
import { referenceRoutes } from './reference.routes.js';
import { createReferenceService } from './reference.service.js';

/** The reference lists (reasons, class types, ticket types) and reason management. */
export async function referenceModule(app: FastifyInstance, ports: Ports) {
  await app.register(referenceRoutes, {
    reference: createReferenceService({ db: ports.db }),
    reasons: createReasonService({ db: ports.db, clock: ports.clock }),
  });
}
