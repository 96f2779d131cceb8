import * as c from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { addRoute } from '../../../lib/route.js';
import type { RefundEngine } from '../commands/refund-order.js';
import { createBulkRefunds } from '../commands/bulk-refund.js';
import { refundOutcome } from '../queries/refund-outcome.js';
import { ticketsForRefund } from '../queries/tickets-for-refund.js';

/** The caller's idempotency-key header (present: these routes are registered with `required`). */
export function headerKey(request: FastifyRequest): string {
  const key = request.headers[c.HEADERS.idempotencyKey];
  return typeof key === 'string' ? key : '';
}

const bulkMessage = (r: c.BulkRefundResult) =>
  `${r.processed} refunded, ${r.pending} waiting for the provider, ${r.skipped} skipped.`;

/**
 * Refunds the organizer starts (docs/refunds.md): what an order can refund, the split before
 * confirming, one order's refund and the bulk refunds. The access declarations resolved every order
 * or event (organizers of the event, the organization's owner, administrators for support; scanners
 * and strangers get 404); the engine (`refundEngine`, the module's entry) moves the money and audits each refund.
 */
export async function organizerRefundRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; refunds: RefundEngine },
) {
  const { db, clock } = opts;
  const bulk = createBulkRefunds({ db, engine: () => opts.refunds, log: app.log });

  addRoute(app, c.organizerTicketsForRefund, async ({ query }) => ({
    message: 'Refund options loaded.',
    result: await ticketsForRefund({ db, engine: opts.refunds, now: clock.now() }, query.bookingId),
  }));

  addRoute(app, c.checkBookingDueAmount, async ({ body }) => ({
    message: 'Refund calculated.',
    result: await opts.refunds.quote({
      bookingId: body.bookingId,
      ticketIds: body.ticketIds,
      amount: body.amount,
      refundServiceFee: body.refundServiceFee,
      reason: body.note ?? null,
    }),
  }));

  addRoute(
    app,
    c.confirmEventOrderRefund,
    async ({ body, actor, events, request }) => {
      // Reached from an event's orders: an order of another event is not there.
      if (body.eventId && events[0]?.event.id !== body.eventId) throw notFound('The order');
      const row = await opts.refunds.refund({
        bookingId: body.bookingId,
        ticketIds: body.ticketIds,
        amount: body.amount,
        refundServiceFee: body.refundServiceFee,
        source: 'ORGANIZER',
        reason: body.note ?? null,
        idempotencyKey: `org:${actor.user.id}:${headerKey(request)}`,
        initiatedBy: actor.user.id,
      });
      const outcome = await refundOutcome(opts.refunds, row);
      return { message: outcome.message, result: outcome };
    },
    { idempotency: 'required' },
  );

  // Chosen orders from the orders list, or from one event's orders: the same bulk refund.
  for (const route of [c.issueRefunds, c.eventOrdersIssueRefunds]) {
    addRoute(
      app,
      route,
      async ({ body, actor, request }) => {
        const result = await bulk.orders({ ...body, actor, key: headerKey(request) });
        return { message: bulkMessage(result), result };
      },
      { idempotency: 'required' },
    );
  }

  addRoute(
    app,
    c.eventTicketsIssueRefunds,
    async ({ body, actor, request }) => {
      const result = await bulk.tickets({ ...body, actor, key: headerKey(request) });
      return { message: bulkMessage(result), result };
    },
    { idempotency: 'required' },
  );
}
