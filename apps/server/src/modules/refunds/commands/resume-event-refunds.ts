import type { RefundsDeps } from '../deps.js';
import { quoteEvent } from '../queries/quote-event.js';
import { openJobs } from '../repo/event-refund-jobs.js';
import { queueEventRefundAfterDue } from './queue-event-refund-after-due.js';
import { queueRun } from './run-event-refund.js';

/**
 * At each server start: jobs a stopped process left QUEUED or RUNNING go back on the queue (the
 * queue would also retry them once their queue job expires, but a restart should not wait for that),
 * and waiting jobs whose due is covered meanwhile resume.
 */
export async function resumeEventRefunds(deps: Pick<RefundsDeps, 'db' | 'unitOfWork' | 'jobs'>) {
  const open = await openJobs(deps.db);
  for (const job of open) {
    if (job.status === 'WAITING_FOR_DUE') {
      const planned = await quoteEvent(deps.db, job.eventId, job.refundServiceFee);
      if (planned.quote.due === 0)
        await queueEventRefundAfterDue(deps, { purpose: 'EVENT_CANCELLATION', eventId: job.eventId });
      continue;
    }
    await queueRun(deps, { eventId: job.eventId });
  }
  return open.length;
}
