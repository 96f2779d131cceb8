import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import { confirmEventRefund } from '../commands/confirm-event-refund.js';
import type { RefundsDeps } from '../deps.js';
import { eventRefundPlan } from '../queries/event-refund-plan.js';
import { eventRefundProgress } from '../queries/event-refund-progress.js';

/**
 * issue-event-refund, confirm-event-refund and the job's progress. The access declarations resolved
 * the event (manage; read for the progress) before the handler. Confirming is safe to repeat: one job
 * per event, so a retry (with or without an idempotency key) answers the same job.
 */
export async function cancellationRoutes(app: FastifyInstance, opts: { deps: RefundsDeps }) {
  const { deps } = opts;
  addRoute(app, c.issueEventRefund, async ({ event, query }) => ({
    message: 'Refund plan loaded.',
    result: await eventRefundPlan(
      deps.db,
      event,
      query.refundServiceFee === undefined ? undefined : query.refundServiceFee === 'true',
    ),
  }));
  addRoute(
    app,
    c.confirmEventRefund,
    async ({ actor, event, body }) => {
      const job = await confirmEventRefund(deps, actor, event, body.refundServiceFee);
      return {
        message:
          job.status === 'WAITING_FOR_DUE'
            ? 'The refunds will start once the amount owed is paid.'
            : 'The refunds of this event have started.',
        result: job,
      };
    },
    { idempotency: 'accepted' },
  );
  addRoute(app, c.getEventRefundProgress, async ({ query }) => ({
    message: 'Refund progress loaded.',
    result: await eventRefundProgress(deps.db, query.eventId),
  }));
}
