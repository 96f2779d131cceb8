import { health, readiness } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import type { Lifecycle } from '../../lib/shutdown.js';

/** A database that has not answered in this long counts as down: a probe must not hang with it. */
const DATABASE_WAIT_MS = 2_000;
/** When a load balancer that got 503 might ask again. */
const RETRY_AFTER_SECONDS = 5;

export interface HealthDeps {
  pingDatabase: () => Promise<void>;
  /** Present when REDIS_URL is set: whether Redis answers now. */
  pingRedis?: () => Promise<boolean>;
  lifecycle: Lifecycle;
}

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

  addRoute(app, readiness, async ({ reply }) => {
    const [database, redis] = await Promise.all([
      databaseAnswers(opts.pingDatabase),
      opts.pingRedis?.().catch(() => false),
    ]);
    const checks = {
      database: database ? ('ok' as const) : ('down' as const),
      ...(redis === undefined ? {} : { redis: redis ? ('ok' as const) : ('down' as const) }),
    };
    // Redis down alone keeps the process in: rate limits and live check-in fall back to the process.
    const ready = database && !opts.lifecycle.stopping;
    if (!ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return {
      status: ready ? ('ready' as const) : ('not_ready' as const),
      stopping: opts.lifecycle.stopping,
      checks,
    };
  });
}

async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  const timer = new Promise<false>((resolve) => setTimeout(resolve, DATABASE_WAIT_MS, false).unref());
  return Promise.race([
    ping().then(
      () => true,
      () => false,
    ),
    timer,
  ]);
}
