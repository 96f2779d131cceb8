import { and, asc, eq, gt, inArray, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { namedStatement } from '../../db/named-statement.js';
import { outgoingMessages } from '../../db/schema/index.js';
import { defineMachine } from '../../db/state-machine.js';
import type { Change } from '../../db/unit-of-work.js';
import { nudgeDelivery } from './nudge.js';

export type OutgoingMessageRow = typeof outgoingMessages.$inferSelect;

export interface OutgoingMessage {
  /** What the message is (its renderer's name): 'order-confirmation', 'refund', 'invitation' … */
  kind: string;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  /** What the renderer needs: ids and plain values, never rendered images. */
  data: Record<string, unknown>;
  /** What the message carries that the database otherwise keeps hashed; wiped once sent. */
  secrets?: Record<string, string>;
  /** Unique: one message per intent, so a change retried or repeated enqueues nothing more. */
  intentKey: string;
  orderId?: string | null;
  eventId?: string | null;
  organizationId?: string | null;
  /** Not sent before this time (default: at once); a later change may withdraw it meanwhile. */
  notBefore?: Date;
}

/**
 * Records a message in the change's own transaction: it is sent (by the delivery worker) exactly when
 * the change commits, and never when it rolls back. A second enqueue of the same intent does nothing.
 */
/**
 * One message per intent (a second enqueue of the same intent writes nothing). A named statement: every
 * checkout of a free order enqueues one (docs/selling.md, "Statements and throughput").
 */
const insertMessage = namedStatement('outbox_enqueue', outboxInsertSql(1, 'true'));

/**
 * The insert of one message, for another module's one-statement change (the checkout's: docs/selling.md,
 * "Statements and throughput"): the SQL to put in a CTE of that statement. Its parameters are `$first` … `$first + 10`
 * (`outboxValues`), and it writes only when the SQL condition `guard` holds. The caller nudges the
 * delivery once committed (`nudgeDelivery`).
 */
export function outboxInsertSql(first: number, guard: string): string {
  const p = Array.from({ length: 11 }, (_, i) => `$${first + i}`);
  return `insert into outgoing_messages (kind, channel, recipient, data, secrets, order_id, event_id,
     organization_id, intent_key, next_attempt_at, created_at)
   select ${p[0]}, ${p[1]}::outgoing_message_channel, ${p[2]}, ${p[3]}::jsonb, ${p[4]}::jsonb, ${p[5]}::uuid, ${p[6]}::uuid,
     ${p[7]}::uuid, ${p[8]}, ${p[9]}::timestamptz, ${p[10]}::timestamptz
   where ${guard}
   on conflict (intent_key) do nothing`;
}

/** The values of `outboxInsertSql`'s parameters for one message enqueued at `now`. */
export function outboxValues(message: OutgoingMessage, now: Date): unknown[] {
  return [
    message.kind,
    message.channel,
    message.recipient,
    JSON.stringify(message.data),
    message.secrets ? JSON.stringify(message.secrets) : null,
    message.orderId ?? null,
    message.eventId ?? null,
    message.organizationId ?? null,
    message.intentKey,
    message.notBefore ?? now,
    now,
  ];
}

export async function enqueueMessage(change: Change, message: OutgoingMessage): Promise<void> {
  await insertMessage(change.tx, outboxValues(message, change.now));
  change.afterCommit(nudgeDelivery);
}

/** Rows one insert statement of enqueueMessages writes at most (bind parameters stay well in bounds). */
const ENQUEUE_BATCH = 500;

/**
 * Many messages of one change (a message to an event's attendees: one per address), inserted in a few
 * statements instead of one each; the same rules as enqueueMessage (one per intent, sent once committed).
 */
export async function enqueueMessages(change: Change, messages: readonly OutgoingMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += ENQUEUE_BATCH) {
    const batch = messages.slice(start, start + ENQUEUE_BATCH);
    await change.tx
      .insert(outgoingMessages)
      .values(
        batch.map((message) => ({
          ...message,
          secrets: message.secrets ?? null,
          nextAttemptAt: message.notBefore ?? change.now,
          createdAt: change.now,
        })),
      )
      .onConflictDoNothing({ target: outgoingMessages.intentKey });
  }
  if (messages.length > 0) change.afterCommit(nudgeDelivery);
}

/**
 * Withdraws a message no worker has taken yet (PENDING, not leased), in the caller's change: a later
 * change made it pointless (a refund processed before its "approved" email went out, whose "processed"
 * email says it all). A message a worker holds, or already sent, stays: the buyer then gets both, each
 * true when it was written. True when it was withdrawn.
 */
export async function withdrawMessage(change: Change, intentKey: string): Promise<boolean> {
  const gone = await change.tx
    .delete(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.intentKey, intentKey),
        eq(outgoingMessages.status, 'PENDING'),
        notLeased(change.now),
      ),
    )
    .returning({ id: outgoingMessages.id });
  return gone.length > 0;
}

/** No delivery worker holds the message now (never taken, done, or its worker's lease ran out). */
export const notLeased = (now: Date) =>
  or(isNull(outgoingMessages.leasedUntil), lte(outgoingMessages.leasedUntil, now));

/**
 * When the messages of one order whose intent starts with `intentPrefix` were enqueued since `since`,
 * oldest first (a rate limit counts them; the oldest says when the next one is allowed).
 */
export async function recentOrderMessages(
  db: DbOrTx,
  orderId: string,
  intentPrefix: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: outgoingMessages.createdAt })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.orderId, orderId),
        like(outgoingMessages.intentKey, `${intentPrefix.replace(/[\\%_]/g, '\\$&')}%`),
        gt(outgoingMessages.createdAt, since),
      ),
    )
    .orderBy(asc(outgoingMessages.createdAt));
  return rows.map((row) => row.createdAt);
}

/**
 * Takes up to `limit` due messages for one delivery run: each is leased (its next attempt moved past
 * the lease, its attempt counted) in one statement, skipping rows another worker holds, so two
 * processes never take the same message; one taken by a process that died is due again after the lease.
 */
export async function claimDueMessages(
  db: DbOrTx,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutgoingMessageRow[]> {
  const due = db
    .select({ id: outgoingMessages.id })
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.status, 'PENDING'), lte(outgoingMessages.nextAttemptAt, now)))
    .orderBy(outgoingMessages.nextAttemptAt, outgoingMessages.seq)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outgoingMessages)
    .set({
      attempts: sql`${outgoingMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      leasedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(outgoingMessages.id, due))
    .returning();
}

export async function markSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(outgoingMessages)
    .set({ status: 'SENT', sentAt: now, secrets: null, lastError: null, leasedUntil: null })
    .where(and(eq(outgoingMessages.id, id), eq(outgoingMessages.status, 'PENDING')));
}

/** A failed attempt: tried again at `retryAt`, or given up (FAILED) when that is null. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outgoingMessages)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt, leasedUntil: null }
        : { lastError: error, status: 'FAILED' as const, leasedUntil: null },
    )
    .where(and(eq(outgoingMessages.id, id), eq(outgoingMessages.status, 'PENDING')));
}

/**
 * How many messages wait (PENDING) and were given up (FAILED), for the metrics scrape: one grouped
 * count on the partial index of unsent rows, however many sent ones the table keeps.
 */
export async function unsentMessageCounts(db: DbOrTx): Promise<{ state: string; messages: number }[]> {
  return db
    .select({ state: outgoingMessages.status, messages: sql<number>`count(*)::int` })
    .from(outgoingMessages)
    .where(ne(outgoingMessages.status, 'SENT'))
    .groupBy(outgoingMessages.status);
}

/** Rows one purge statement deletes at most (a short statement each, however large the backlog). */
export const PURGE_BATCH_SIZE = 5_000;

/**
 * Deletes SENT messages sent before `before`, in batches of short statements on the sent index (rows
 * another purge holds are skipped). PENDING and FAILED ones stay whatever their age: they are what an
 * administrator still has to see. Returns how many went.
 */
export async function purgeSentMessages(
  db: DbOrTx,
  before: Date,
  batchSize = PURGE_BATCH_SIZE,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`
      delete from ${outgoingMessages} where ${outgoingMessages.id} = any (array(
        select ${outgoingMessages.id} from ${outgoingMessages}
         where ${outgoingMessages.status} = 'SENT' and ${outgoingMessages.sentAt} < ${before}
         limit ${batchSize} for update skip locked))`);
    purged += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return purged;
  }
}

/**
 * A message's delivery states. The worker moves a PENDING row to SENT or FAILED (markSent,
 * markAttemptFailed: guarded on PENDING); an administrator's retry moves a FAILED one, or a PENDING one
 * no worker holds, to PENDING, due now. SENT is the end (the retention purge deletes it later).
 */
export const outgoingMessageMachine = defineMachine({
  label: 'message',
  entityType: 'OUTGOING_MESSAGE',
  table: outgoingMessages,
  moves: {
    PENDING: ['PENDING', 'SENT', 'FAILED'],
    FAILED: ['PENDING'],
    SENT: [],
  },
});
