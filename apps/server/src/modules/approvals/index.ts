import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { approvalRoutes } from './routes.js';

/** The organizer and non-profit approval queues (docs/approvals.md). */
export async function approvalsModule(app: FastifyInstance, ports: Ports) {
  await app.register(approvalRoutes, {
    deps: {
      db: ports.db,
      unitOfWork: ports.unitOfWork,
      publicUrl: ports.config.publicUrl,
      log: ports.log,
    },
  });
}
