import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { cancellationPlugin } from './cancellation/cancellation.plugin.js';
import { createCancellationService } from './commands/run-event-refund.js';
import { createDues } from './commands/settle-due.js';
import { dueRoutes } from './routes/dues.js';
import { organizerRefundRoutes } from './routes/organizer.js';
import { createRefundEngine } from './commands/refund-order.js';
import { registerRefundJobs } from './jobs.js';
import { refundRequestRoutes } from './routes/requests.js';

export { payOutCompletedEvents } from './commands/pay-out-completed-events.js';
export type { RefundEngine, RefundedTickets } from './commands/refund-order.js';

/** Every refund path (buyers' requests, organizers, event cancellation) goes through this one engine. */
export const refundEngine = perApp((ports: Ports) =>
  createRefundEngine({ db: ports.db, clock: ports.clock, payments: ports.payments, log: ports.log }),
);

/** What organizers owe for refunds, paid through the same payments port. */
export const dues = perApp((ports: Ports) =>
  createDues({
    db: ports.db,
    clock: ports.clock,
    payments: ports.payments,
    engine: () => refundEngine(ports),
    log: ports.log,
  }),
);

/** Event cancellation refunds (the queue's worker; tests run it by hand). */
export const eventRefunds = perApp((ports: Ports) =>
  createCancellationService({
    db: ports.db,
    clock: ports.clock,
    refunds: refundEngine(ports),
    jobs: ports.jobs,
    mailer: ports.mailer,
    log: ports.log,
  }),
);

/**
 * Refunds (docs/refunds.md): organizers' refunds, buyers' requests and their decisions, what organizers
 * owe and the payouts tab, event cancellation refunds on the job queue, and the engine's background work.
 */
export async function refundsModule(app: FastifyInstance, ports: Ports) {
  const { db, clock, config } = ports;
  const refunds = refundEngine(ports);
  await app.register(organizerRefundRoutes, { db, clock, refunds });
  await app.register(dueRoutes, { db, clock, dues: dues(ports), refunds, config });
  await app.register(refundRequestRoutes, {
    db,
    clock,
    mailer: ports.mailer,
    publicUrl: config.publicUrl,
    refunds,
  });
  await app.register(cancellationPlugin, { cancellation: eventRefunds(ports), jobs: ports.jobs, refunds });
  registerRefundJobs(app, { db, clock, dues: dues(ports), refunds });
  // A paid order-refund due runs the refund it was waiting for (its key makes it happen once).
  refunds.onDuePaid((due) => dues(ports).runPlan(due));
}
