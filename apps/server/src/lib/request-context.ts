import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * The call being served, reachable from services without threading it through every signature: the
 * unit of work reads who acts and the request id from here for its audit entry, and payouts read the
 * origin the console was opened on. `addRoute` runs each handler inside it.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

export function runInRequestContext<T>(request: FastifyRequest, work: () => T): T {
  return storage.run(request, work);
}

/** The request this code runs for; undefined outside a request (seed, scripts, background work). */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore();
}
