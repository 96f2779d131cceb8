import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import { consoleBaseFor } from '../../../lib/origins.js';
import { addRoute } from '../../../lib/route.js';
import { payEventDue } from '../commands/pay-event-due.js';
import { payOrderDue } from '../commands/pay-order-due.js';
import type { RefundsDeps } from '../deps.js';
import { organizationBalance } from '../queries/organization-balance.js';
import { headerKey, resolvedEvent } from './context.js';

/**
 * What organizers owe and the payouts tab (docs/refunds.md, "Held and due"). Paying a due moves money,
 * so it takes an idempotency key; the provider's webhook settles it (modules/payments routes the
 * outcomes the booking side does not know to `dues(ports).settle`).
 */
export async function dueRoutes(
  app: FastifyInstance,
  opts: { deps: RefundsDeps; config: Pick<Config, 'publicUrl' | 'port' | 'apiOrigins'> },
) {
  const { deps, config } = opts;
  /** Back to the console page the organizer paid from, on the origin the console was opened on. */
  const returnUrl = (request: Parameters<typeof consoleBaseFor>[0], path: string) =>
    `${new URL(consoleBaseFor(request, config)).origin}${path}`;

  addRoute(
    app,
    c.payOrderTicketDueAmount,
    async ({ body, actor, events, request }) => ({
      message: 'Pay the amount owed; the refund goes ahead once the payment succeeds.',
      result: await payOrderDue(deps, {
        actor,
        event: resolvedEvent(events),
        order: {
          bookingId: body.bookingId,
          ticketIds: body.ticketIds,
          amount: body.amount,
          refundServiceFee: body.refundServiceFee,
          reason: body.note ?? null,
        },
        key: headerKey(request),
        returnUrl: returnUrl(request, body.returnPath),
      }),
    }),
    { idempotency: 'required' },
  );

  addRoute(
    app,
    c.payDueToCancelEvent,
    async ({ body, actor, event, request }) => ({
      message: 'Pay the amount owed; the refunds of the event start once the payment succeeds.',
      result: await payEventDue(deps, {
        actor,
        event,
        refundServiceFee: body.refundServiceFee,
        key: headerKey(request),
        returnUrl: returnUrl(request, body.returnPath),
      }),
    }),
    { idempotency: 'required' },
  );

  addRoute(app, c.getOrganizationBalance, async ({ grant }) => ({
    message: 'Balance loaded.',
    result: await organizationBalance({ db: deps.db, clock: deps.clock }, grant.organization),
  }));
}
