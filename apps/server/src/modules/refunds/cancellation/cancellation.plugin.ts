import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../../lib/jobs.js';
import type { RefundEngine } from '../commands/refund-order.js';
import { cancellationRoutes } from '../routes/cancellation.js';
import { type CancellationService, EVENT_REFUND_QUEUE, type EventRefundRun } from '../commands/run-event-refund.js';

/**
 * Event cancellation refunds: the routes, the queue's worker (`app.jobs`), resuming at start what a
 * stopped process left, and the due listener that starts a job waiting for the organizer's payment.
 * The service comes from the module's entry (`eventRefunds`).
 */
export async function cancellationPlugin(
  app: FastifyInstance,
  opts: { cancellation: CancellationService; jobs: Jobs; refunds: RefundEngine },
) {
  const { cancellation, jobs } = opts;
  jobs.work<EventRefundRun>(
    EVENT_REFUND_QUEUE,
    async (run) => {
      try {
        await cancellation.run(run);
      } catch (error) {
        // Shown on the progress bar; pg-boss retries the run.
        await cancellation.recordError(run.eventId, error).catch(() => {});
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
  jobs.onStart(() => cancellation.resumeJobs());
  opts.refunds.onDuePaid((due) => cancellation.onDuePaid(due));
  await app.register(cancellationRoutes, { cancellation });
  app.addHook('onClose', async () => cancellation.drain());
}
