import { HEADERS } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import type { Db } from './client.js';
import { namedStatement } from './named-statement.js';
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

/**
 * The two statements every idempotent call sends (claim, then keep the answer), named: constant text,
 * parsed and planned once per connection (docs/selling.md, "Statements and throughput").
 */
const claimKey = namedStatement<{ key: string }>(
  'idempotency_claim',
  `insert into idempotency_keys (scope, route, key, request_hash, status, body, created_at, expires_at)
   values ($1, $2, $3, $4, null, null, $5, $6)
   on conflict (scope, route, key) do update set request_hash = excluded.request_hash, status = null,
     body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
   where idempotency_keys.expires_at < $5
     or (idempotency_keys.status is null and idempotency_keys.created_at < $7)
   returning key`,
);

const keepAnswer = namedStatement(
  'idempotency_keep',
  `update idempotency_keys set status = $4, body = $5::jsonb where scope = $1 and route = $2 and key = $3`,
);

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
      // One statement decides, however many copies race: a new key, an expired one or an abandoned
      // in-flight one is claimed; anything else is left for the checks below.
      const { rows } = await claimKey(db, [
        scope,
        route,
        key,
        requestHash,
        now,
        new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
        new Date(now.getTime() - ABANDONED_MS),
      ]);
      const claimed = rows[0];
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
      await keepAnswer(db, [scope, route, key, answer.status, JSON.stringify(answer.body ?? null)]);
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
