import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { scanRoutes } from './scan.routes.js';
import { createScanEngine } from './scan-engine.js';

/**
 * Door check-in (docs/check-in.md): the scan engine (`app.checkIn`, visible to the whole app so live
 * counts and other modules can listen to it, hence fastify-plugin) and the check-in calls.
 */
export const checkInModule = fp(async function checkInModule(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock },
) {
  app.decorate('checkIn', createScanEngine(opts));
  await app.register(scanRoutes, opts);
});
