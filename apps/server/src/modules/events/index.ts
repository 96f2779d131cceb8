import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { authoringRoutes } from './authoring.routes.js';
import { createAuthoringService } from './authoring.service.js';
import { manageRoutes } from './manage.routes.js';

export { completeEndedEvents } from './completion.js';
export { type FeeRate, quoteFees } from './fees.js';

/** Events: the form (single, multi, class), their lists and pages, team, lifecycle and moderation. */
export async function eventsModule(app: FastifyInstance, ports: Ports) {
  const { db, clock, config } = ports;
  await app.register(authoringRoutes, {
    authoring: createAuthoringService({
      db,
      clock,
      config: { ...config.events, serviceFee: config.serviceFee },
    }),
  });
  await app.register(manageRoutes, { db, clock });
}
