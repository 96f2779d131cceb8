import type { FastifyInstance } from 'fastify';

const RESUME_PENDING = 'refunds-resume-pending';

/**
 * The refund engine's background work on the job queue: refunds the provider had not confirmed
 * (PENDING, e.g. the process stopped between reserving and the provider's answer) are finished, never
 * repeated, at every start and then every minute (once across all processes: a pg-boss schedule).
 */
export function registerRefundJobs(app: FastifyInstance) {
  app.jobs.work(RESUME_PENDING, async () => {
    await app.refunds.resumePending();
  });
  app.jobs.schedule(RESUME_PENDING, '* * * * *');
  app.jobs.onStart(() => app.refunds.resumePending());
  // MERGE (lead): enable once payOutCompletedEvents (modules/refunds/payouts.ts or dues/payouts.ts) is on
  // the branch: pays out the sales of completed events every 5 minutes.
  // app.jobs.work('refunds-payouts', async () => void (await payOutCompletedEvents(...))); app.jobs.schedule('refunds-payouts', '*/5 * * * *');
}
