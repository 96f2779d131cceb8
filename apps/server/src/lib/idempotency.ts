import { createHash } from 'node:crypto';
import { HEADERS } from '@marquee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_MESSAGES, type IdempotencyStore } from '../db/idempotency-store.js';
import { badRequest } from './errors.js';

/**
 * Idempotent retries of mutating calls (POST, PUT, DELETE). A call carrying an `idempotency-key` header
 * is recorded before it runs and its successful answer is kept for 24 hours, per actor (or per client
 * when anonymous) and route:
 *
 * - the same key with the same query and body → the stored answer, with `idempotent-replayed: true`,
 *   and nothing is changed again;
 * - the same key with another query or body → 409;
 * - the same key while the first call is still running → 409 "still being processed" (we answer at
 *   once rather than hold a connection open waiting; the client retries a moment later);
 * - a call that fails keeps nothing: its key is released, so a retry runs it afresh (a failed change
 *   changed nothing, the unit of work rolled it back).
 *
 * `accepted` (the default of every POST/PUT/DELETE) honours the header when sent; `required` refuses a
 * call without it (the buyer's checkout and refund calls, and the organizers' refund and due calls).
 */
export type IdempotencyMode = 'accepted' | 'required' | 'off';

const KEY = /^[\x21-\x7e]{1,255}$/;
/** The purge job's queue name and cron (UTC: every hour at minute 17, once across all processes). */
export const PURGE_JOB = 'idempotency-purge';
export const PURGE_CRON = '17 * * * *';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency?: IdempotencyStore;
  }
}

/**
 * Expired keys (older than IDEMPOTENCY_HOURS) are deleted every hour by a pg-boss schedule: once across
 * all API processes, retried by the queue when a run fails, in batches (purgeExpired).
 */
export function registerIdempotencyPurge(app: FastifyInstance, store: IdempotencyStore) {
  app.jobs.work(PURGE_JOB, async () => {
    const purged = await store.purgeExpired();
    if (purged > 0) app.log.info({ purged }, 'expired idempotency keys purged');
  });
  app.jobs.schedule(PURGE_JOB, PURGE_CRON);
}

/** Whose key it is: the signed-in user, else the calling client (its id from Basic auth), else the address. */
function scopeOf(request: FastifyRequest): string {
  if (request.actor) return `user:${request.actor.user.id}`;
  const header = request.headers[HEADERS.authorization];
  if (typeof header === 'string' && header.startsWith('Basic ')) {
    const clientId = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    if (clientId) return `client:${clientId}`;
  }
  return `ip:${request.ip}`;
}

function hashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ query: request.query ?? null, body: request.body ?? null }))
    .digest('hex');
}

/**
 * Runs `handler` under the call's idempotency key, if any (see above). `addRoute` wraps every handler
 * in it; GET calls and routes declared `off` pass straight through.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  mode: IdempotencyMode,
  handler: () => Promise<T>,
): Promise<T> {
  const store = request.server.idempotency;
  if (mode === 'off' || request.method === 'GET' || !store) return handler();
  const header = request.headers[HEADERS.idempotencyKey];
  if (header === undefined) {
    if (mode === 'required') throw badRequest(IDEMPOTENCY_MESSAGES.required);
    return handler();
  }
  if (typeof header !== 'string' || !KEY.test(header)) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  const scope = scopeOf(request);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const begun = await store.begin(scope, route, header, hashOf(request));
  if (begun.kind === 'replay') {
    reply.code(begun.status).header('idempotent-replayed', 'true');
    return begun.body as T;
  }
  let result: T;
  try {
    result = await handler();
  } catch (error) {
    await store.release(scope, route, header).catch(() => undefined);
    throw error;
  }
  try {
    await store.complete(scope, route, header, {
      status: reply.statusCode,
      body: JSON.parse(JSON.stringify(result ?? null)),
    });
  } catch (error) {
    // The change is committed: its answer is the truth, whatever became of keeping it. Answering an
    // error here (a pool with no free connection under load) told buyers whose seats were sold to try
    // again. Their key stays in flight: a retry is told to wait, and is run afresh only once the key
    // counts as abandoned (ABANDONED_MS, db/idempotency-store.ts).
    request.log.warn({ err: error, idempotencyKey: header }, 'the answer of a completed call was not kept');
  }
  return result;
}
