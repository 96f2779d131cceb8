import type { EventRefundJob } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { type EventRefundJobRow, refunds } from '../../../db/schema/index.js';
import { findJob } from '../repo/event-refund-jobs.js';

/**
 * The progress bar: counted from the refunds themselves (never from a worker's memory), so it is right
 * after a restart and with two workers. `total` is the paid bookings when the job started; once it is
 * COMPLETED the bookings left with nothing to refund (refunded otherwise meanwhile) count as done.
 */
export async function jobView(db: DbOrTx, job: EventRefundJobRow): Promise<EventRefundJob> {
  const [counts] = await db
    .select({
      processed: sql<number>`count(*) filter (where ${refunds.status} = 'PROCESSED')::int`,
      pending: sql<number>`count(*) filter (where ${refunds.status} = 'PENDING')::int`,
      failed: sql<number>`count(*) filter (where ${refunds.status} = 'FAILED')::int`,
      refundedAmount: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'PROCESSED'), 0)::int`,
    })
    .from(refunds)
    .where(and(eq(refunds.eventId, job.eventId), eq(refunds.source, 'EVENT_CANCELLED')));
  const processed = counts?.processed ?? 0;
  const pending = counts?.pending ?? 0;
  const failed = counts?.failed ?? 0;
  const done = job.status === 'COMPLETED' ? Math.max(processed, job.total - pending - failed) : processed;
  return {
    _id: job.id,
    eventId: job.eventId,
    status: job.status,
    refundServiceFee: job.refundServiceFee,
    currency: job.currency,
    total: job.total,
    done,
    pending,
    failed,
    amount: job.amount,
    refundedAmount: counts?.refundedAmount ?? 0,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** get-event-refund-progress: the event's job and its progress, or null before one was confirmed. */
export async function eventRefundProgress(db: DbOrTx, eventId: string): Promise<EventRefundJob | null> {
  const job = await findJob(db, eventId);
  return job ? jobView(db, job) : null;
}
