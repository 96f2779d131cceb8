import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import type { CancellationService } from '../commands/run-event-refund.js';

/**
 * issue-event-refund, confirm-event-refund and the job's progress. The access declarations resolved
 * the event (manage; read for the progress) before the handler. Confirming is safe to repeat: one job
 * per event, so a retry (with or without an idempotency key) answers the same job.
 */
export async function cancellationRoutes(app: FastifyInstance, opts: { cancellation: CancellationService }) {
  const { cancellation } = opts;
  addRoute(app, c.issueEventRefund, async ({ event, query }) => ({
    message: 'Refund plan loaded.',
    result: await cancellation.plan(
      event,
      query.refundServiceFee === undefined ? undefined : query.refundServiceFee === 'true',
    ),
  }));
  addRoute(
    app,
    c.confirmEventRefund,
    async ({ actor, event, body }) => {
      const job = await cancellation.confirm(actor, event, body.refundServiceFee);
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
    result: await cancellation.progress(query.eventId),
  }));
}
