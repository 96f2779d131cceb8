import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { orderRoutes } from './routes.js';

/** Organizers' and administrators' order lists, order detail and exports (docs/selling.md). */
export async function ordersModule(app: FastifyInstance, ports: Ports) {
  await app.register(orderRoutes, { db: ports.db });
}
