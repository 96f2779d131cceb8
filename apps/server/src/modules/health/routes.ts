import { health, readiness as readinessRoute } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { type HealthDeps, readiness } from './queries/readiness.js';

/** When a load balancer that got 503 might ask again. */
const RETRY_AFTER_SECONDS = 5;

export async function healthRoutes(app: FastifyInstance, opts: HealthDeps) {
  addRoute(app, health, async ({ reply }) => {
    try {
      await opts.pingDatabase();
    } catch (error) {
      reply.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });

  addRoute(app, readinessRoute, async ({ reply }) => {
    const answer = await readiness(opts);
    if (answer.status !== 'ready') reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return answer;
  });
}
