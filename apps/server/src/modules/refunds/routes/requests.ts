import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { callerTimeZone } from '../../../lib/caller-zone.js';
import { addRoute } from '../../../lib/route.js';
import { approveRefundRequest } from '../commands/approve-refund-request.js';
import { createRefundRequest } from '../commands/create-refund-request.js';
import { declineRefundRequest } from '../commands/decline-refund-request.js';
import type { RefundsDeps } from '../deps.js';
import { buyerRefundOptions } from '../queries/buyer-refund-options.js';
import { requestList } from '../queries/request-list.js';
import { headerKey, resolvedEvent } from './context.js';

/**
 * Buyers' refund requests and the organizer's decisions (docs/refunds.md). The buyer calls are
 * public, authorized by the booking's token; the decisions resolve the request's event at `manage`
 * (scanners and other organizations get 404, administrators may decide any), re-read inside the
 * decision's unit of work. Calls that move money require an idempotency key; the engine's key is
 * derived from it.
 */
export async function refundRequestRoutes(app: FastifyInstance, opts: { deps: RefundsDeps }) {
  const { deps } = opts;
  const list = requestList(deps.db);

  addRoute(app, c.getRefundOptions, async ({ query }) => ({
    message: 'Refund options loaded.',
    result: await buyerRefundOptions(deps.db, deps.clock.now(), query.bookingId, query.token),
  }));
  addRoute(
    app,
    c.requestRefund,
    async ({ body, request }) => {
      const { view, message } = await createRefundRequest(deps, body, request.id);
      return { message, result: view };
    },
    { idempotency: 'required' },
  );

  addRoute(app, c.organizerRefundBookingTicketList, async ({ actor, query, request }) => ({
    message: 'Refund requests loaded.',
    result: await list(actor, query, callerTimeZone(request, actor)),
  }));
  addRoute(
    app,
    c.refundProcessed,
    async ({ actor, events, body, request }) => {
      const result = await approveRefundRequest(
        deps,
        body.requestId,
        { ticketIds: body.ticketIds },
        { ...body, key: headerKey(request), decider: { actor, event: resolvedEvent(events) } },
      );
      return { message: result.message, result };
    },
    { idempotency: 'required' },
  );
  addRoute(
    app,
    c.bookingRefundProcessed,
    async ({ actor, events, body, request }) => {
      const result = await approveRefundRequest(deps, body.requestId, 'ALL_WAITING', {
        ...body,
        key: headerKey(request),
        decider: { actor, event: resolvedEvent(events) },
      });
      return { message: result.message, result };
    },
    { idempotency: 'required' },
  );
  addRoute(app, c.declineRefundRequest, async ({ actor, events, body }) => ({
    message: 'The refund request was declined; the buyer was emailed.',
    result: await declineRefundRequest(
      deps,
      body.requestId,
      { ticketIds: body.ticketIds },
      { reasonId: body.reasonId, note: body.note, decider: { actor, event: resolvedEvent(events) } },
    ),
  }));
  addRoute(app, c.declineBookingRefundRequest, async ({ actor, events, body }) => ({
    message: 'The refund request was declined; the buyer was emailed.',
    result: await declineRefundRequest(deps, body.requestId, 'ALL_WAITING', {
      reasonId: body.reasonId,
      note: body.note,
      decider: { actor, event: resolvedEvent(events) },
    }),
  }));
}
