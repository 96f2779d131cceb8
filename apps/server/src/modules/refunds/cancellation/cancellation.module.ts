import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { cancellationRoutes } from './cancellation.routes.js';
import {
  type CancellationService,
  createCancellationService,
  EVENT_REFUND_QUEUE,
  type EventRefundRun,
} from './cancellation.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Event cancellation refunds (the job's worker, for tests that run it by hand). */
    eventRefunds: CancellationService;
  }
}

/**
 * Event cancellation refunds: the routes, the queue's worker (`app.jobs`), resuming at start what a
 * stopped process left, and the due listener that starts a job waiting for the organizer's payment.
 * Needs `app.refunds` (the refund engine) and `app.jobs`.
 */
export const cancellationModule = fp(async function cancellationModule(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; mailer: Mailer },
) {
  const cancellation = createCancellationService({
    db: opts.db,
    clock: opts.clock,
    refunds: app.refunds,
    jobs: app.jobs,
    mailer: opts.mailer,
    log: app.log,
  });
  app.decorate('eventRefunds', cancellation);
  app.jobs.work<EventRefundRun>(
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
  app.jobs.onStart(() => cancellation.resumeJobs());
  app.refunds.onDuePaid((due) => cancellation.onDuePaid(due));
  await app.register(cancellationRoutes, { cancellation });
  app.addHook('onClose', async () => cancellation.drain());
});
