import { HEADERS } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/access/index.js';
import type { AuthService } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** preHandler of every session route: `accesstoken` → `request.actor`, else 401 (423 when blocked). */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers[HEADERS.accessToken];
    const token = typeof header === 'string' && header.length > 0 ? header : undefined;
    request.actor = await opts.auth.authenticate(token);
  });
});
