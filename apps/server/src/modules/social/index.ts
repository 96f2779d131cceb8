import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { authService } from '../auth/index.js';
import { socialRoutes } from './social.routes.js';
import { createSocialService } from './social.service.js';

/** Continue with Google or Apple (docs/social-login.md). */
export async function socialModule(app: FastifyInstance, ports: Ports) {
  const social = createSocialService({
    db: ports.db,
    clock: ports.clock,
    social: ports.config.social,
    auth: authService(ports),
    clients: ports.oidcClients,
  });
  await app.register(socialRoutes, { social, config: ports.config });
}
