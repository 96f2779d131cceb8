import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { forbidden } from '../lib/errors.js';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
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
  const expectedAuthorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  app.addHook('onRequest', async (request) => {
    if (!isApiCall(request) || request.routeOptions.config.clientCredentials === false) return;
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
