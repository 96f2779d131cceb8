import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { liveModule } from './live/live.module.js';
import { readRoutes } from './reads/reads.routes.js';
import { scanRoutes } from './scan.routes.js';
import { createScanEngine } from './scan-engine.js';

/**
 * Door check-in (docs/check-in.md): the scan engine (`app.checkIn`, visible to the whole app so live
 * counts and other modules can listen to it, hence fastify-plugin), the check-in calls, the screen's
 * reads and the live stream.
 */
export const checkInModule = fp(async function checkInModule(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock },
) {
  app.decorate('checkIn', createScanEngine(opts));
  await app.register(scanRoutes, opts);
  await app.register(readRoutes, opts);
  // Live counts over `app.pubsub` (lib/pubsub.ts): Redis across processes when REDIS_URL is set.
  await app.register(liveModule, opts);
});
