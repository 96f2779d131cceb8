import { payOutCompletedEvents } from './commands/pay-out-completed-events.js';
import { recordEventRefundError } from './commands/record-event-refund-error.js';
import { resumeEventRefunds } from './commands/resume-event-refunds.js';
import { resumePendingRefunds } from './commands/resume-pending-refunds.js';
import { resumePaidDuePlans } from './commands/run-due-plan.js';
import { EVENT_REFUND_QUEUE, type EventRefundRun, runEventRefund } from './commands/run-event-refund.js';
import type { RefundsDeps } from './deps.js';

const RESUME_PENDING = 'refunds-resume-pending';
const PAYOUTS = 'refunds-payouts';

/**
 * The module's background work on the job queue:
 * - refunds the provider had not confirmed (PENDING, e.g. the process stopped between reserving and
 *   the provider's answer) are finished, never repeated, at every start and then every minute (once
 *   across all processes: a pg-boss schedule), with the paid dues whose refund never ran;
 * - the sales of completed events are paid out every 5 minutes (docs/refunds.md, "Payouts");
 * - event cancellation refunds: the queue's worker, and at start what a stopped process left.
 */
export function registerRefundJobs(deps: RefundsDeps) {
  const { jobs } = deps;
  jobs.work<EventRefundRun>(
    EVENT_REFUND_QUEUE,
    async (run) => {
      try {
        await runEventRefund(deps, run);
      } catch (error) {
        // Shown on the progress bar; pg-boss retries the run.
        await recordEventRefundError(deps, run.eventId, error).catch(() => {});
        throw error;
      }
    },
    {
      // A run hands on after 5 minutes, so 15 minutes active means its process died: pg-boss retries it.
      expireInSeconds: 15 * 60,
      retryLimit: 20,
      retryDelay: 30,
      pollingIntervalSeconds: 1,
    },
  );
  jobs.onStart(() => resumeEventRefunds(deps));
  const resume = async () => {
    await resumePendingRefunds(deps);
    await resumePaidDuePlans(deps);
  };
  jobs.work(RESUME_PENDING, resume);
  jobs.schedule(RESUME_PENDING, '* * * * *');
  jobs.onStart(resume);
  jobs.work(PAYOUTS, async () => {
    await payOutCompletedEvents(deps.db, deps.clock);
  });
  jobs.schedule(PAYOUTS, '*/5 * * * *');
}
