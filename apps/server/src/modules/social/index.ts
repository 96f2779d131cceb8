import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { authService } from '../auth/index.js';
import { socialRoutes } from './routes.js';

export { socialProviders } from './queries/social-providers.js';

/** Continue with Google or Apple (docs/social-login.md). */
export async function socialModule(app: FastifyInstance, ports: Ports) {
  await app.register(socialRoutes, {
    deps: {
      db: ports.db,
      clock: ports.clock,
      social: ports.config.social,
      auth: authService(ports),
      clients: ports.oidcClients,
    },
    config: ports.config,
  });
}
