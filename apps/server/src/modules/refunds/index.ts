import type { FastifyInstance } from 'fastify';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { registerMessageRenderer } from '../messages/index.js';
import { finishRefund } from './commands/finish-refund.js';
import { payEventDue } from './commands/pay-event-due.js';
import { payOrderDue } from './commands/pay-order-due.js';
import { queueEventRefundAfterDue } from './commands/queue-event-refund-after-due.js';
import { recordEventRefundError } from './commands/record-event-refund-error.js';
import { refundOrder } from './commands/refund-order.js';
import { resumeEventRefunds } from './commands/resume-event-refunds.js';
import { resumePendingRefunds } from './commands/resume-pending-refunds.js';
import { resumePaidDuePlans, runDuePlan } from './commands/run-due-plan.js';
import { type EventRefundRun, type RunOptions, runEventRefund } from './commands/run-event-refund.js';
import { settleDue } from './commands/settle-due.js';
import { settleRefundFromProvider } from './commands/settle-refund-from-provider.js';
import type { EngineDeps, Logger, RefundsDeps } from './deps.js';
import { CANCELLATION_REFUND_EMAIL, cancellationEmailRenderer } from './emails/cancellation-email.js';
import { createRequestEmails, refundEmailRenderers } from './emails/request-emails.js';
import { registerRefundJobs } from './jobs.js';
import { dueView } from './queries/due-views.js';
import { quoteEvent } from './queries/quote-event.js';
import { quoteRefund } from './queries/quote-refund.js';
import { refundableTickets } from './queries/refundable-tickets.js';
import { refundsOfBooking } from './queries/refunds-of-booking.js';
import { createRefundListeners } from './refund-listeners.js';
import { organizerHeld } from './repo/funds.js';
import { cancellationRoutes } from './routes/cancellation.js';
import { dueRoutes } from './routes/dues.js';
import { organizerRefundRoutes } from './routes/organizer.js';
import { refundRequestRoutes } from './routes/requests.js';

export type { PayoutSweep } from './commands/pay-out-completed-events.js';
export { payOutCompletedEvents } from './commands/pay-out-completed-events.js';
export type { QuoteOrder, RefundOrder } from './commands/refund-order.js';
export { DueRequired } from './commands/refund-order.js';
export type { DueSettleResult } from './commands/settle-due.js';
export type { RefundedTickets, RefundListeners } from './refund-listeners.js';
export { dueMachine, eventRefundJobMachine, refundMachine, refundRequestMachine } from './repo/machines.js';

/** What the module's commands are given, one set per app (the listeners above all must be shared). */
const refundsDeps = perApp(
  (ports: Ports): RefundsDeps => ({
    db: ports.db,
    clock: ports.clock,
    unitOfWork: ports.unitOfWork,
    payments: ports.payments,
    log: ports.log,
    listeners: createRefundListeners(ports.log),
    jobs: ports.jobs,
    emails: createRequestEmails(),
  }),
);

/**
 * The engine as other modules and tests use it: its commands bound to one app's dependencies, and its
 * listeners (check-in's live counts, the buyer's emails, jobs waiting for a due).
 */
export function createRefundEngine(
  given: Pick<EngineDeps, 'db' | 'clock' | 'payments'> &
    Partial<Pick<EngineDeps, 'unitOfWork' | 'listeners'>> & {
      log?: Logger;
    },
) {
  const deps: EngineDeps = {
    ...given,
    unitOfWork: given.unitOfWork ?? createUnitOfWork({ db: given.db, clock: given.clock, log: given.log }),
    listeners: given.listeners ?? createRefundListeners(given.log),
  };
  const { db, listeners } = deps;
  return {
    quote: (order: Parameters<typeof quoteRefund>[1]) => quoteRefund(db, order),
    /** Every paid booking of an event together (its cancellation). */
    quoteEvent: (eventId: string, refundServiceFee?: boolean) => quoteEvent(db, eventId, refundServiceFee),
    refund: (order: Parameters<typeof refundOrder>[1]) => refundOrder(deps, order),
    finish: (refundId: string) => finishRefund(deps, refundId),
    resumePending: (olderThanMs?: number) => resumePendingRefunds(deps, olderThanMs),
    settleFromProvider: (input: Parameters<typeof settleRefundFromProvider>[1]) =>
      settleRefundFromProvider(deps, input),
    onProcessed: listeners.onProcessed,
    onTicketsRefunded: listeners.onTicketsRefunded,
    onDuePaid: listeners.onDuePaid,
    emitDuePaid: listeners.duePaid,
    refundableTickets: (bookingId: string, refundServiceFee?: boolean) =>
      refundableTickets(db, bookingId, refundServiceFee),
    refundsOf: (bookingId: string) => refundsOfBooking(db, bookingId),
    organizerHeld,
  };
}

export type RefundEngine = ReturnType<typeof createRefundEngine>;

/** Every refund path (buyers' requests, organizers, event cancellation) goes through this one engine. */
export const refundEngine = perApp((ports: Ports) => createRefundEngine(refundsDeps(ports)));

/** What organizers owe for refunds, paid through the same payments port. */
export const dues = perApp((ports: Ports) => {
  const deps = refundsDeps(ports);
  return {
    view: (row: Parameters<typeof dueView>[1]) => dueView(deps.db, row),
    payForOrder: (input: Parameters<typeof payOrderDue>[1]) => payOrderDue(deps, input),
    payForEvent: (input: Parameters<typeof payEventDue>[1]) => payEventDue(deps, input),
    settle: (input: Parameters<typeof settleDue>[1]) => settleDue(deps, input),
    resumePaidPlans: () => resumePaidDuePlans(deps),
    runPlan: (due: Parameters<typeof runDuePlan>[1]) => runDuePlan(deps, due),
  };
});

/** Event cancellation refunds (the queue's worker; tests run it by hand). */
export const eventRefunds = perApp((ports: Ports) => {
  const deps = refundsDeps(ports);
  return {
    run: (run: EventRefundRun, options?: RunOptions) => runEventRefund(deps, run, options),
    onDuePaid: (due: Parameters<typeof queueEventRefundAfterDue>[1]) => queueEventRefundAfterDue(deps, due),
    resumeJobs: () => resumeEventRefunds(deps),
    recordError: (eventId: string, error: unknown) => recordEventRefundError(deps, eventId, error),
  };
});

/**
 * Refunds (docs/refunds.md): organizers' refunds, buyers' requests and their decisions, what organizers
 * owe and the payouts tab, event cancellation refunds on the job queue, and the engine's background work.
 */
export async function refundsModule(app: FastifyInstance, ports: Ports) {
  const deps = refundsDeps(ports);
  const { listeners } = deps;
  await app.register(organizerRefundRoutes, { deps });
  await app.register(dueRoutes, { deps, config: ports.config });
  await app.register(refundRequestRoutes, { deps });
  listeners.onProcessed(() => ports.metrics.refund('processed'));
  listeners.onFailed(() => ports.metrics.refund('failed'));
  for (const [kind, render] of refundEmailRenderers(ports.db, ports.config.publicUrl)) {
    registerMessageRenderer(ports, kind, render);
  }
  registerMessageRenderer(ports, CANCELLATION_REFUND_EMAIL, cancellationEmailRenderer(ports.db));
  // A paid due starts the cancellation job waiting for it.
  listeners.onDuePaid((due) => queueEventRefundAfterDue(deps, due));
  await app.register(cancellationRoutes, { deps });
  registerRefundJobs(deps);
  // A paid order-refund due runs the refund it was waiting for (its key makes it happen once).
  listeners.onDuePaid((due) => runDuePlan(deps, due));
}
