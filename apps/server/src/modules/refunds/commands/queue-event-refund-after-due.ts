import { transition } from '../../../db/state-machine.js';
import type { RefundsDeps } from '../deps.js';
import { findJob } from '../repo/event-refund-jobs.js';
import { eventRefundJobMachine } from '../repo/machines.js';
import type { DuePaymentRow } from '../repo/rows.js';
import { queueRun } from './run-event-refund.js';

/** A due of a cancellation was paid: its waiting job goes back on the queue. */
export async function queueEventRefundAfterDue(
  deps: Pick<RefundsDeps, 'db' | 'unitOfWork' | 'jobs'>,
  due: Pick<DuePaymentRow, 'purpose' | 'eventId'>,
) {
  if (due.purpose !== 'EVENT_CANCELLATION') return;
  const queued = await deps.unitOfWork(async (change) => {
    const job = await findJob(change.tx, due.eventId);
    if (!job) return null;
    return transition(change, eventRefundJobMachine, { id: job.id, to: 'QUEUED', set: { lastError: null } });
  });
  if (queued) await queueRun(deps, { eventId: due.eventId });
}
