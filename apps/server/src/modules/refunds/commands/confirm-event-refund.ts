import { type EventRefundJob, formatAmount, REFUND_MESSAGES } from '@marquee/contract';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import type { RefundsDeps } from '../deps.js';
import { jobView } from '../queries/event-refund-progress.js';
import { quoteEvent } from '../queries/quote-event.js';
import { findJob, insertJob } from '../repo/event-refund-jobs.js';
import type { EventRefundJobRow } from '../repo/rows.js';
import { queueRun } from './run-event-refund.js';

/**
 * confirm-event-refund: one job per event (a unique index), so a second confirm answers the first
 * job. It waits for the due when the held money does not cover the organizer's part; otherwise it
 * goes on the queue once committed.
 */
export async function confirmEventRefund(
  deps: Pick<RefundsDeps, 'db' | 'unitOfWork' | 'jobs'>,
  actor: Actor,
  grant: EventGrant,
  refundServiceFee?: boolean,
): Promise<EventRefundJob> {
  const { db } = deps;
  const { event } = grant;
  if (event.status !== 'CANCELLED') throw conflict(REFUND_MESSAGES.eventNotCancelled);
  const existing = await findJob(db, event.id);
  if (existing) return jobView(db, existing);
  const planned = await quoteEvent(db, event.id, refundServiceFee);
  const waiting = planned.quote.due > 0;
  const row = await deps.unitOfWork(async ({ tx, audit, afterCommit }) => {
    await confirmEventGrant(tx, actor, grant, 'manage');
    const created = await insertJob(tx, {
      eventId: event.id,
      organizationId: event.organizationId,
      status: waiting ? 'WAITING_FOR_DUE' : 'QUEUED',
      refundServiceFee: planned.quote.refundServiceFee,
      currency: planned.currency,
      total: planned.bookings,
      amount: planned.quote.amount,
      lastError: waiting
        ? REFUND_MESSAGES.dueRequired(formatAmount(planned.quote.due, planned.currency))
        : null,
      startedBy: actor.user.id,
    });
    // Another confirm won the race: answer its job.
    if (!created) return (await findJob(tx, event.id)) as EventRefundJobRow;
    await audit({
      action: 'EVENT_REFUND_STARTED',
      entityType: 'EVENT',
      entityId: event.id,
      organizationId: event.organizationId,
      after: created,
    });
    if (!waiting) afterCommit(() => queueRun(deps, { eventId: event.id }));
    return created;
  });
  return jobView(db, row);
}
