import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { outboxRoutes } from './routes.js';

/** The development outbox page's call: only on servers with demo data (config.devOutbox). */
export async function devOutboxModule(app: FastifyInstance, ports: Ports) {
  if (!ports.config.devOutbox) return;
  await app.register(outboxRoutes, { db: ports.db });
}
