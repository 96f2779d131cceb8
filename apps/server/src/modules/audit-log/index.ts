import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { auditLogRoutes } from './routes.js';

/** Every change with who, when and a before/after diff (docs/user-management.md). */
export async function auditLogModule(app: FastifyInstance, ports: Ports) {
  await app.register(auditLogRoutes, { db: ports.db });
}
