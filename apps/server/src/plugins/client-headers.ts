import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { forbidden } from '../lib/errors.js';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Paths any client may reach without the client credentials. */
const OPEN_PATHS = [
  /^\/api\/health$/,
  /^\/api\/docs(\/|$)/,
  // Social login's browser redirects cannot carry headers; they hold no session (docs/security.md).
  /^\/api\/v1\/user\/social\/[a-z]+\/(start|callback|end-session)$/,
  // The sandbox payments provider's onboarding and dashboard pages: browser navigations too (docs/security.md).
  /^\/api\/v1\/payment\/sandbox\/(onboarding|dashboard)\/[^/]+$/,
];

/**
 * Every API call carries the web client's credentials (`authorization: Basic …` and `secretkey`).
 * Wrong or missing credentials answer 403, not 401: a 401 would log a signed-in user out.
 */
export const clientHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { id, secret, secretKey } = opts.config.client;
  const expectedAuthorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || OPEN_PATHS.some((p) => p.test(path))) return;
    const authorization = request.headers[HEADERS.authorization];
    const key = request.headers[HEADERS.secretKey];
    if (
      typeof authorization !== 'string' ||
      typeof key !== 'string' ||
      !same(authorization, expectedAuthorization) ||
      !same(key, secretKey)
    ) {
      throw forbidden('This client is not recognised: its credentials are missing or wrong.');
    }
  });
});
