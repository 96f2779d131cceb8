import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import type { EventsDeps } from './commands/deps.js';
import { authoringRoutes } from './routes/authoring.routes.js';
import { manageRoutes } from './routes/manage.routes.js';
import { teamRoutes } from './routes/team.routes.js';

export { slugBase } from './event-slug.js';
export { type FeeRate, quoteFees } from './fees.js';
export { completeEndedEvents } from './repo/completion.js';
export { eventStatusMachine } from './repo/machines.js';
export { claimSlug } from './repo/slugs.js';

/** Events: the form (single, multi, class), their lists and pages, team, lifecycle and moderation. */
export async function eventsModule(app: FastifyInstance, ports: Ports) {
  const { db, clock, config, unitOfWork } = ports;
  const deps: EventsDeps = {
    db,
    clock,
    unitOfWork,
    config: {
      imageLimit: config.events.imageLimit,
      serviceFee: config.serviceFee,
      publicUrl: config.publicUrl,
    },
  };
  await app.register(authoringRoutes, deps);
  await app.register(manageRoutes, deps);
  await app.register(teamRoutes, deps);
}
