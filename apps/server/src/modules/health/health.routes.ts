import { health } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';

export async function healthRoutes(app: FastifyInstance, opts: { pingDatabase: () => Promise<void> }) {
  addRoute(app, health, async ({ reply }) => {
    try {
      await opts.pingDatabase();
    } catch (error) {
      reply.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });
}
