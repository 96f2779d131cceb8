import * as c from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Db } from '../../../db/client.js';
import { callerTimeZone } from '../../../lib/caller-zone.js';
import type { Clock } from '../../../lib/clock.js';
import { addRoute } from '../../../lib/route.js';
import type { RefundEngine } from '../commands/refund-order.js';
import { createBuyerRequests } from '../commands/create-refund-request.js';
import { createRequestDecisions } from '../commands/approve-refund-request.js';
import { createRequestEmails } from '../emails/request-emails.js';
import { createRequestList } from '../queries/request-list.js';

/** The header key of a `required` route (addRoute refused the call without one). */
function headerKey(request: FastifyRequest): string {
  const value = request.headers[c.HEADERS.idempotencyKey];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Buyers' refund requests and the organizer's decisions (docs/refunds.md). The
 * buyer calls are public, authorized by the booking's token; the decisions resolve the request's event
 * at `manage` (scanners and other organizations get 404, administrators may decide any). Calls that
 * move money require an idempotency key; the engine's key is derived from it.
 */
export async function refundRequestRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; mailer: Mailer; publicUrl: string; refunds: RefundEngine },
) {
  const { db, clock } = opts;
  // The refund engine, decorated on the app before any route (app.ts).
  const engine = () => opts.refunds;
  const emails = createRequestEmails({ db, mailer: opts.mailer, publicUrl: opts.publicUrl });
  const decisions = createRequestDecisions({ db, clock, engine, emails, log: app.log });
  const buyer = createBuyerRequests({ db, clock, engine, decisions, emails, log: app.log });
  const list = createRequestList(db);

  // A processed refund is emailed to its buyer, except a cancelled event's (that job emails them). The
  // engine itself marks the request's tickets PROCESSED in the same transaction.
  opts.refunds.onProcessed(async (refund) => {
    if (refund.source === 'EVENT_CANCELLED') return;
    await emails.processed(refund);
  });

  addRoute(app, c.getRefundOptions, async ({ query }) => ({
    message: 'Refund options loaded.',
    result: await buyer.options(query.bookingId, query.token),
  }));
  addRoute(
    app,
    c.requestRefund,
    async ({ body, request }) => {
      const { view, message } = await buyer.request(body, request.id);
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
    async ({ actor, body, request }) =>
      decisions
        .approve(
          body.requestId,
          { ticketIds: body.ticketIds },
          { ...body, key: headerKey(request), initiatedBy: actor.user.id },
        )
        .then((result) => ({ message: result.message, result })),
    { idempotency: 'required' },
  );
  addRoute(
    app,
    c.bookingRefundProcessed,
    async ({ actor, body, request }) =>
      decisions
        .approve(body.requestId, 'ALL_WAITING', {
          ...body,
          key: headerKey(request),
          initiatedBy: actor.user.id,
        })
        .then((result) => ({ message: result.message, result })),
    { idempotency: 'required' },
  );
  addRoute(app, c.declineRefundRequest, async ({ actor, body }) => ({
    message: 'The refund request was declined; the buyer was emailed.',
    result: await decisions.decline(
      body.requestId,
      { ticketIds: body.ticketIds },
      { reasonId: body.reasonId, note: body.note, decidedBy: actor.user.id },
    ),
  }));
  addRoute(app, c.declineBookingRefundRequest, async ({ actor, body }) => ({
    message: 'The refund request was declined; the buyer was emailed.',
    result: await decisions.decline(body.requestId, 'ALL_WAITING', {
      reasonId: body.reasonId,
      note: body.note,
      decidedBy: actor.user.id,
    }),
  }));
}
