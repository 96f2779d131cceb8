import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { consoleBaseFor } from '../../../lib/origins.js';
import { addRoute } from '../../../lib/route.js';
import { headerKey } from './organizer.js';
import type { RefundEngine } from '../commands/refund-order.js';
import { organizationBalance } from '../queries/organization-balance.js';
import type { Dues } from '../commands/settle-due.js';

/**
 * What organizers owe and the payouts tab (docs/refunds.md, "Held and due"). Paying a due moves money,
 * so it takes an idempotency key; the provider's webhook settles it (app.ts routes the outcomes the
 * booking side does not know to `dues.settle`).
 */
export async function dueRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    clock: Clock;
    dues: Dues;
    refunds: RefundEngine;
    config: Pick<Config, 'publicUrl' | 'port' | 'apiOrigins'>;
  },
) {
  const { db, clock, dues, config } = opts;
  /** Back to the console page the organizer paid from, on the origin the console was opened on. */
  const returnUrl = (request: Parameters<typeof consoleBaseFor>[0], path: string) =>
    `${new URL(consoleBaseFor(request, config)).origin}${path}`;

  addRoute(
    app,
    c.payOrderTicketDueAmount,
    async ({ body, actor, request }) => ({
      message: 'Pay the amount owed; the refund goes ahead once the payment succeeds.',
      result: await dues.payForOrder({
        actor,
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
    async ({ body, actor, request }) => ({
      message: 'Pay the amount owed; the refunds of the event start once the payment succeeds.',
      result: await dues.payForEvent({
        actor,
        eventId: body.eventId,
        refundServiceFee: body.refundServiceFee,
        key: headerKey(request),
        returnUrl: returnUrl(request, body.returnPath),
      }),
    }),
    { idempotency: 'required' },
  );

  addRoute(app, c.getOrganizationBalance, async ({ grant }) => ({
    message: 'Balance loaded.',
    result: await organizationBalance({ db, clock, engine: opts.refunds }, grant.organization),
  }));
}
