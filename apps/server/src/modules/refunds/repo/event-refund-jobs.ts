import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  type BookingRow,
  bookings,
  type EventRefundJobRow,
  eventRefundJobs,
  events,
} from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { eventRefundJobMachine } from './machines.js';

/** The cancellation refund jobs (one per event) and what their runs read. */

export async function findJob(dbx: DbOrTx, eventId: string): Promise<EventRefundJobRow | null> {
  const [row] = await dbx.select().from(eventRefundJobs).where(eq(eventRefundJobs.eventId, eventId));
  return row ?? null;
}

/** The event's job, unless another confirm made it first (the unique index on the event). */
export async function insertJob(tx: Tx, values: typeof eventRefundJobs.$inferInsert) {
  const [created] = await tx
    .insert(eventRefundJobs)
    .values(values)
    .onConflictDoNothing({ target: eventRefundJobs.eventId })
    .returning();
  return created;
}

/**
 * A run takes the job: QUEUED → RUNNING, or RUNNING → RUNNING (a rerun after its process stopped);
 * the first start is kept. Null when the job is not to run (waiting for a due, done, or none).
 */
export async function claimJob(change: Change, eventId: string) {
  const job = await findJob(change.tx, eventId);
  if (!job) return null;
  return transition(change, eventRefundJobMachine, {
    id: job.id,
    to: 'RUNNING',
    set: { startedAt: sql`coalesce(${eventRefundJobs.startedAt}, now())` as unknown as Date },
  });
}

/** Jobs a stopped process may have left (or that wait for a due). */
export function openJobs(dbx: DbOrTx) {
  return dbx
    .select()
    .from(eventRefundJobs)
    .where(inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING', 'WAITING_FOR_DUE']));
}

/** A run's unexpected failure, shown with the progress while the queue retries it. */
export async function recordJobError(dbx: DbOrTx, eventId: string, message: string) {
  await dbx
    .update(eventRefundJobs)
    .set({ lastError: message })
    .where(and(eq(eventRefundJobs.eventId, eventId), inArray(eventRefundJobs.status, ['QUEUED', 'RUNNING'])));
}

/** The event's paid bookings after `after`, in id order: one page of a run. */
export async function paidBookingsPage(
  dbx: DbOrTx,
  eventId: string,
  after: string | undefined,
  limit: number,
): Promise<BookingRow[]> {
  return dbx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, eventId),
        eq(bookings.status, 'CONFIRMED'),
        sql`${bookings.total} > 0`,
        after ? gt(bookings.id, after) : undefined,
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
}

export async function eventTitle(dbx: DbOrTx, eventId: string): Promise<string | null> {
  const [row] = await dbx.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  return row?.title ?? null;
}
