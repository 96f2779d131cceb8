import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import type { UserRow } from './auth.repo.js';
import { authenticate } from './commands/authenticate.js';
import { startSession } from './commands/start-session.js';
import type { AuthDeps, SessionMeta } from './deps.js';
import { authRoutes } from './routes.js';

export type { SessionMeta } from './deps.js';
export { BLOCKED_MESSAGE } from './messages.js';

const authDeps = perApp(
  (ports: Ports): AuthDeps => ({ db: ports.db, clock: ports.clock, config: ports.config }),
);

/**
 * What other parts use of sign-in: the auth plugin resolves every request's session with
 * `authenticate`; social login opens a session with `startSession` once the provider proved who it is.
 */
export const authService = perApp((ports: Ports) => {
  const deps = authDeps(ports);
  return {
    authenticate: (token: string | undefined) => authenticate(deps, token),
    startSession: (user: UserRow, meta: SessionMeta) => startSession(deps, user, meta),
  };
});

export type AuthService = ReturnType<typeof authService>;

export async function authModule(app: FastifyInstance, ports: Ports) {
  await app.register(authRoutes, { deps: authDeps(ports) });
}
