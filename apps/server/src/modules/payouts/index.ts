import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { payoutRoutes } from './routes.js';

/** An organization's payout account with the payments provider. */
export async function payoutsModule(app: FastifyInstance, ports: Ports) {
  await app.register(payoutRoutes, {
    deps: {
      unitOfWork: ports.unitOfWork,
      payments: ports.payments,
      config: ports.config,
      log: ports.log,
    },
  });
}
