import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

export { type AuthService, BLOCKED_MESSAGE, type SessionMeta } from './auth.service.js';

/** Sign-in, sessions and the profile call; the auth plugin resolves every request's session with it. */
export const authService = perApp((ports: Ports) =>
  createAuthService({ db: ports.db, clock: ports.clock, config: ports.config }),
);

export async function authModule(app: FastifyInstance, ports: Ports) {
  await app.register(authRoutes, { auth: authService(ports), config: ports.config });
}
