import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { approvalRoutes } from './approvals.routes.js';
import { createApprovalService } from './approvals.service.js';

/** The organizer and non-profit approval queues (docs/approvals.md). */
export async function approvalsModule(app: FastifyInstance, ports: Ports) {
  await app.register(approvalRoutes, {
    approvals: createApprovalService({
      db: ports.db,
      clock: ports.clock,
      mailer: ports.mailer,
      publicUrl: ports.config.publicUrl,
      log: ports.log,
    }),
  });
}
