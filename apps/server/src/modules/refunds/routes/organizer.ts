import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import { bulkRefunds } from '../commands/bulk-refund.js';
import { refundOrderAsOrganizer } from '../commands/refund-order-as-organizer.js';
import type { RefundsDeps } from '../deps.js';
import { quoteRefund } from '../queries/quote-refund.js';
import { ticketsForRefund } from '../queries/tickets-for-refund.js';
import { headerKey } from './context.js';

const bulkMessage = (r: c.BulkRefundResult) =>
  `${r.processed} refunded, ${r.pending} waiting for the provider, ${r.skipped} skipped.`;

/**
 * Refunds the organizer starts (docs/refunds.md): what an order can refund, the split before
 * confirming, one order's refund and the bulk refunds. The access declarations resolved every order
 * or event (organizers of the event, the organization's owner, administrators for support; scanners
 * and strangers get 404); the engine's commands move the money and audit each refund.
 */
export async function organizerRefundRoutes(app: FastifyInstance, opts: { deps: RefundsDeps }) {
  const { deps } = opts;
  const bulk = bulkRefunds(deps);

  addRoute(app, c.organizerTicketsForRefund, async ({ query }) => ({
    message: 'Refund options loaded.',
    result: await ticketsForRefund({ db: deps.db, now: deps.clock.now() }, query.bookingId),
  }));

  addRoute(app, c.checkBookingDueAmount, async ({ body }) => ({
    message: 'Refund calculated.',
    result: await quoteRefund(deps.db, {
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
      const outcome = await refundOrderAsOrganizer(deps, {
        actor,
        event: events[0],
        eventId: body.eventId,
        ask: {
          bookingId: body.bookingId,
          ticketIds: body.ticketIds,
          amount: body.amount,
          refundServiceFee: body.refundServiceFee,
          reason: body.note ?? null,
        },
        key: headerKey(request),
      });
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
