import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Dues } from './commands/settle-due.js';
import { payOutCompletedEvents } from './commands/pay-out-completed-events.js';
import type { RefundEngine } from './commands/refund-order.js';

const RESUME_PENDING = 'refunds-resume-pending';
const PAYOUTS = 'refunds-payouts';

/**
 * The refund engine's background work on the job queue: refunds the provider had not confirmed
 * (PENDING, e.g. the process stopped between reserving and the provider's answer) are finished, never
 * repeated, at every start and then every minute (once across all processes: a pg-boss schedule).
 */
export function registerRefundJobs(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; dues: Dues; refunds: RefundEngine },
) {
  // Paid dues whose refund never ran (a stop right after the payment was recorded) run with it.
  const resume = async () => {
    await deps.refunds.resumePending();
    await deps.dues.resumePaidPlans();
  };
  app.jobs.work(RESUME_PENDING, resume);
  app.jobs.schedule(RESUME_PENDING, '* * * * *');
  app.jobs.onStart(resume);
  // The sales of completed events are paid out every 5 minutes (docs/refunds.md, "Payouts").
  app.jobs.work(PAYOUTS, async () => {
    await payOutCompletedEvents(deps.db, deps.clock);
  });
  app.jobs.schedule(PAYOUTS, '*/5 * * * *');
}
