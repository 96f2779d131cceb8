import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { adminUserRoutes } from './routes.js';

/** Administrators' user management, blocking included (docs/user-management.md). */
export async function userManagementModule(app: FastifyInstance, ports: Ports) {
  await app.register(adminUserRoutes, { db: ports.db, clock: ports.clock });
}
