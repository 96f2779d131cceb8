import { createHash } from 'node:crypto';
import { HEADERS } from '@marquee/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import { AppError, badRequest } from './errors.js';

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

export const IDEMPOTENCY_HOURS = 24;
/** An in-flight record older than this belongs to a call that died (process restart): it is taken over. */
const ABANDONED_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
/** Rows one purge statement deletes at most. */
export const PURGE_BATCH_SIZE = 5_000;
/** The purge job's queue name and cron (UTC: every hour at minute 17, once across all processes). */
export const PURGE_JOB = 'idempotency-purge';
export const PURGE_CRON = '17 * * * *';

export const IDEMPOTENCY_MESSAGES = {
  required: `This call needs an ${HEADERS.idempotencyKey} header (a unique value per intended change, reused on retries).`,
  invalid: `The ${HEADERS.idempotencyKey} header must be 1 to 255 visible ASCII characters.`,
  mismatch: `This ${HEADERS.idempotencyKey} was already used for a different request. Use a new key for a new change.`,
  inFlight: `A request with this ${HEADERS.idempotencyKey} is still being processed. Retry in a moment to get its answer.`,
};

interface Stored {
  status: number;
  body: unknown;
}

export function createIdempotencyStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const where = (scope: string, route: string, key: string) =>
    and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));

  return {
    /** Claims the key for this call, or answers what a previous call with it settled. */
    async begin(
      scope: string,
      route: string,
      key: string,
      requestHash: string,
    ): Promise<{ kind: 'run' } | ({ kind: 'replay' } & Stored)> {
      const now = clock.now();
      const values = {
        scope,
        route,
        key,
        requestHash,
        status: null,
        body: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
      };
      // One statement decides, however many copies race: a new key, an expired one or an abandoned
      // in-flight one is claimed; anything else is left for the checks below.
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.route, idempotencyKeys.key],
          set: values,
          setWhere: or(
            lt(idempotencyKeys.expiresAt, now),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS)),
            ),
          ),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed) return { kind: 'run' };
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(where(scope, route, key));
      // Released between the two statements: this call may run.
      if (!existing) return this.begin(scope, route, key, requestHash);
      if (existing.requestHash !== requestHash) throw new AppError(409, IDEMPOTENCY_MESSAGES.mismatch);
      if (existing.status === null) {
        throw new AppError(409, IDEMPOTENCY_MESSAGES.inFlight, undefined, { 'retry-after': '1' });
      }
      return { kind: 'replay', status: existing.status, body: existing.body };
    },

    async complete(scope: string, route: string, key: string, answer: Stored) {
      await db
        .update(idempotencyKeys)
        .set({ status: answer.status, body: sql`${JSON.stringify(answer.body ?? null)}::jsonb` })
        .where(where(scope, route, key));
    },

    async release(scope: string, route: string, key: string) {
      await db.delete(idempotencyKeys).where(where(scope, route, key));
    },

    /**
     * Drops expired records in batches (the purge job below; expired ones are also taken over on
     * reuse): each batch is its own short statement on the expiry index, so a backlog of millions never
     * holds one long transaction or locks many rows at once, and rows another purge holds are skipped.
     * Returns how many rows went.
     */
    async purgeExpired(options: { batchSize?: number } = {}) {
      const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
      const now = clock.now();
      let purged = 0;
      for (;;) {
        const { rowCount } = await db.execute(sql`
          delete from ${idempotencyKeys} where ctid = any (array(
            select ctid from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} < ${now}
            limit ${batchSize} for update skip locked))`);
        purged += rowCount ?? 0;
        if ((rowCount ?? 0) < batchSize) return purged;
      }
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

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
    // counts as abandoned (ABANDONED_MS).
    request.log.warn({ err: error, idempotencyKey: header }, 'the answer of a completed call was not kept');
  }
  return result;
}
