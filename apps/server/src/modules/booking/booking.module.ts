import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { bookingRoutes } from './booking.routes.js';
import { createCheckout } from './checkout.service.js';
import { startHoldSweep } from './expiry.js';
import { createPublicEvents } from './public-events.js';
import { createSettlement, type Settlement } from './settlement.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payment outcomes → bookings (docs/selling.md, "Settlement"); the payment webhook calls it. */
    settlement: Settlement;
    /** Waits until booking emails on their way are handed to the mailer (tests). */
    drainBookingEmails(): Promise<void>;
  }
}

/**
 * Selling: the buyer routes, the settlement the payment webhook calls (`app.settlement`, visible to
 * the whole app, hence fastify-plugin) and the hold sweep's timer.
 */
export const bookingModule = fp(async function bookingModule(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; config: Config; mailer: Mailer; payments: PaymentsProvider },
) {
  const { db, clock, config } = opts;
  const checkout = createCheckout({
    db,
    clock,
    mailer: opts.mailer,
    payments: opts.payments,
    publicUrl: config.publicUrl,
    holdMinutes: config.booking.holdMinutes,
    rate: config.serviceFee,
    log: app.log,
  });
  const settlement = createSettlement({
    db,
    clock,
    mailer: opts.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.decorate('settlement', settlement);
  app.decorate('drainBookingEmails', async () => {
    await Promise.all([checkout.drain(), settlement.drain()]);
  });
  await app.register(bookingRoutes, {
    checkout,
    publicEvents: createPublicEvents({ db, rate: config.serviceFee }),
    now: () => clock.now(),
  });
  const sweep = startHoldSweep({
    db,
    now: () => clock.now(),
    everySeconds: config.booking.sweepSeconds,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    sweep.stop();
    // Emails already on their way finish before the database closes.
    await Promise.all([checkout.drain(), settlement.drain()]);
  });
});
