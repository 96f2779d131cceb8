import type { RouteAccess, RouteDef } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { Resolved } from '../lib/access/index.js';
import { enforceRole, parseAccess, resolveResource } from '../lib/access/index.js';

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
 * while the app is built. The declaration is enforced before the handler: authentication (401/423)
 * and the role (403) before validation, the resource (404) after it.
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
    // Who the caller is and their role are checked before validation; the resource after it.
    const admit = async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!request.actor) throw new Error('authenticate set no actor');
      await enforceRole(opts.db, request.actor, rule);
    };
    route.preValidation = [admit, ...[route.preValidation ?? []].flat()] as RouteOptions['preValidation'];
    if (!rule.resource) return;
    const resolve = async (request: FastifyRequest) => {
      if (!request.actor) throw new Error('the resource rule ran before authentication');
      request.resolved = await resolveResource(opts.db, request.actor, rule, request);
    };
    route.preHandler = [resolve, ...[route.preHandler ?? []].flat()] as RouteOptions['preHandler'];
  });
});
