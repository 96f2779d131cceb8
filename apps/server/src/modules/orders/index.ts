import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { resendOrderTickets } from '../booking/index.js';
import { orderRoutes } from './routes.js';

/** Organizers' and administrators' order lists, order detail, exports and the tickets' resend (docs/selling.md). */
export async function ordersModule(app: FastifyInstance, ports: Ports) {
  await app.register(orderRoutes, {
    db: ports.db,
    resendTickets: (organizer, bookingId) => resendOrderTickets(ports, organizer, bookingId),
  });
}
