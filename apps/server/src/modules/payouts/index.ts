import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { payoutRoutes } from './payouts.routes.js';
import { createPayoutService } from './payouts.service.js';

/** An organization's payout account with the payments provider. */
export async function payoutsModule(app: FastifyInstance, ports: Ports) {
  await app.register(payoutRoutes, {
    payouts: createPayoutService({
      db: ports.db,
      clock: ports.clock,
      payments: ports.payments,
      config: ports.config,
      log: ports.log,
    }),
  });
}
