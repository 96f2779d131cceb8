import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { liveRoute } from './live.route.js';
import { createLivePublisher } from './live-publisher.js';
import { forwardRefundedTickets } from './refunded-tickets.js';

/**
 * Live check-in (docs/check-in.md): the publisher listening to the scan engine, and the stream every
 * open check-in screen reads. Needs `app.checkIn` and `app.pubsub`.
 */
export async function liveModule(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const publisher = createLivePublisher({
    db: opts.db,
    clock: opts.clock,
    pubsub: app.pubsub,
    engine: app.checkIn,
    log: app.log,
  });
  app.addHook('onClose', async () => publisher.close());
  // Refunded tickets change the door's counts too (docs/check-in.md, "Live counts and pub/sub").
  app.refunds.onTicketsRefunded(forwardRefundedTickets({ db: opts.db, engine: app.checkIn, log: app.log }));
  liveRoute(app, opts);
}
