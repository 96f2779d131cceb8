import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { PubSub } from '../../../lib/pubsub.js';
import type { SalesNotices } from '../../booking/index.js';
import type { RefundEngine } from '../../refunds/index.js';
import { liveRoute } from '../routes/live.route.js';
import type { ScanEngine } from '../scan-engine.js';
import { forwardChangedTickets } from './changed-tickets.js';
import { createLivePublisher } from './live-publisher.js';

/**
 * Live check-in (docs/check-in.md): the publisher listening to the scan engine, and the stream every
 * open check-in screen reads.
 */
export async function livePlugin(
  app: FastifyInstance,
  opts: {
    db: Db;
    clock: Clock;
    engine: ScanEngine;
    pubsub: PubSub;
    refunds: RefundEngine;
    sales: SalesNotices;
  },
) {
  const publisher = createLivePublisher({
    db: opts.db,
    clock: opts.clock,
    pubsub: opts.pubsub,
    engine: opts.engine,
    log: app.log,
  });
  app.addHook('onClose', async () => publisher.close());
  // Refunded tickets change the door's counts too (docs/check-in.md, "Live counts and pub/sub").
  const forwardDeps = { db: opts.db, engine: opts.engine, log: app.log };
  opts.refunds.onTicketsRefunded(forwardChangedTickets(forwardDeps, 'a refund'));
  // So do sales: a confirmed order's tickets move the "sold" figure without waiting for a scan.
  opts.sales.onTicketsSold(forwardChangedTickets(forwardDeps, 'a sale'));
  liveRoute(app, opts);
}
