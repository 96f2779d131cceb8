import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { pingDatabase } from './repo.js';
import { healthRoutes } from './routes.js';

/** Liveness (`/api/health`) and readiness (`/api/health/ready`, the database and Redis by name). */
export async function healthModule(app: FastifyInstance, ports: Ports) {
  const { redis } = ports;
  await app.register(healthRoutes, {
    pingDatabase: () => pingDatabase(ports.db),
    pingRedis: redis && (() => redis.ping()),
    lifecycle: ports.lifecycle,
  });
}
