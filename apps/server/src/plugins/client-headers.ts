import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { forbidden } from '../lib/errors.js';

/** Compares a header with the expected value (its bytes made once) in constant time. */
function sameAs(expected: string): (given: string) => boolean {
  const right = Buffer.from(expected);
  return (given) => {
    const left = Buffer.from(given);
    return left.length === right.length && timingSafeEqual(left, right);
  };
}

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const underApi = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Whether a call is an API call, judged by the route the router matched (its pattern, which the router
 * compared with the decoded path, so `/%61pi/…` is `/api/…`), never by the raw URL. A path that matches
 * no route (the 404 handler, the console's catch-all) is an API call when its decoded path is under /api.
 */
function isApiCall(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && pattern !== '/*') return underApi(pattern);
  return underApi(decodedPath(request.url));
}

/**
 * Every API call carries the web client's credentials (`authorization: Basic …` and `secretkey`).
 * Wrong or missing credentials answer 403, not 401: a 401 would log a signed-in user out. Routes that
 * are browser navigations declare `clientCredentials: false` (docs/security.md).
 */
export const clientHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { id, secret, secretKey } = opts.config.client;
  const sameAuthorization = sameAs(`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`);
  const sameSecretKey = sameAs(secretKey);
  // Synchronous: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiCall(request) || request.routeOptions.config.clientCredentials === false) return done();
    const authorization = request.headers[HEADERS.authorization];
    const key = request.headers[HEADERS.secretKey];
    if (
      typeof authorization !== 'string' ||
      typeof key !== 'string' ||
      !sameAuthorization(authorization) ||
      !sameSecretKey(key)
    ) {
      return done(forbidden('This client is not recognised: its credentials are missing or wrong.'));
    }
    done();
  });
});
