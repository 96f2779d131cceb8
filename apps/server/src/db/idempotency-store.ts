import { HEADERS } from '@marquee/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import type { Db } from './client.js';
import { idempotencyKeys } from './schema/index.js';

/**
 * Where idempotent calls keep their keys and answers (the rules are in lib/idempotency.ts, which
 * runs a call under its key).
 */
export const IDEMPOTENCY_HOURS = 24;
/** An in-flight record older than this belongs to a call that died (process restart): it is taken over. */
const ABANDONED_MS = 60_000;
/** Rows one purge statement deletes at most. */
export const PURGE_BATCH_SIZE = 5_000;

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
     * Drops expired records in batches (the purge job of lib/idempotency.ts; expired ones are also taken over on
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
