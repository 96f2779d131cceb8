import type { RouteAccess, RouteDef } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { enforceAccess, parseAccess } from '../lib/access.js';
import type { Resolved } from '../lib/resources.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: required on every `/api` route, or the app does not start. */
    access?: RouteAccess;
    refusal?: RouteDef['refusal'];
    /** false: a browser navigation that cannot carry the client credentials (docs/security.md). */
    clientCredentials?: false;
  }
  interface FastifyRequest {
    /** What the route's resource rule resolved (the organization grant), before the handler runs. */
    resolved: Resolved | null;
  }
}

/** The OpenAPI reference page's routes come from @fastify/swagger-ui, which cannot declare. */
const DOCUMENTATION = /^\/api\/docs(\/|$)/;

/**
 * Deny by default: every route under `/api` must declare who may call it, whether registered from the
 * contract (`addRoute`) or by hand (`config.access`); an undeclared or unknown declaration throws
 * while the app is built. The declaration is enforced before the handler: authentication (401/423),
 * the role (403), the resource (404).
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('resolved', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    if (DOCUMENTATION.test(route.url) && route.config?.access === undefined) {
      route.config = { ...route.config, access: 'public', clientCredentials: false };
    }
    const rule = parseAccess(route.config?.access, route.config?.refusal, `${route.method} ${route.url}`);
    if (rule.role === 'public') return;
    const guard = async (request: FastifyRequest) => {
      await app.authenticate(request);
      const actor = request.actor;
      if (!actor) throw new Error('authenticate set no actor');
      request.resolved = await enforceAccess(opts.db, actor, rule, request);
    };
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [guard as onRequestHookHandler, ...existing] as RouteOptions['preHandler'];
  });
});
