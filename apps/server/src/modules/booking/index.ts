import type { FastifyInstance } from 'fastify';
import type { Actor, EventGrant } from '../../lib/access/index.js';
import { consoleBaseFor } from '../../lib/origins.js';
import { perApp } from '../../lib/per-app.js';
import { currentRequest } from '../../lib/request-context.js';
import type { Ports } from '../../ports.js';
import { registerMessageRenderer } from '../messages/index.js';
import { ORDER_CONFIRMATION, orderConfirmationRenderer } from './booking-emails.js';
import { createCheckout } from './checkout.js';
import { resendOrderTickets as resendAsOrganizer } from './commands/resend-tickets.js';
import { startHoldSweep } from './hold-sweep.js';
import { publicEventPage } from './queries/public-event-page.js';
import { bookingRoutes } from './routes.js';
import { createSalesNotices } from './sales-notices.js';
import { createSettlement } from './settlement.js';
import { shareRoutes } from './share-routes.js';

export { hashAccessToken } from './codes.js';
/** The dates an order is for (its own, or each scheduled date of a course). */
export { type OrderDate, orderDates } from './queries/ticket-document.js';
export { releaseExpiredHolds } from './repo/expiry.js';
export { orderMachine, paymentMachine, ticketMachine } from './repo/machines.js';
/** The buyer's only credential check (a booking id and its access token); 404 for any other pair. */
export { bookingByToken, tokenOpensBooking } from './repo/orders.js';
export { releaseSeats } from './repo/seats.js';
export type { SettleResult } from './settlement.js';
export { createCheckout, createSettlement };

/** Who hears of tickets sold (check-in's live counts), one per app. */
export const salesNotices = perApp((ports: Ports) => createSalesNotices(ports.log));
export type { SalesNotices, SoldTickets } from './sales-notices.js';

/** The checkout: holds seats, takes payments, confirms free orders . */
export const checkout = perApp((ports: Ports) =>
  createCheckout({
    db: ports.db,
    clock: ports.clock,
    payments: ports.payments,
    publicUrl: ports.config.publicUrl,
    // Back to the address the buyer's tab was on when it is one this server answers on: the pending
    // booking waits in that origin's sessionStorage (issue 27: 127.0.0.1 with PUBLIC_URL localhost).
    returnOrigin: () => new URL(consoleBaseFor(currentRequest(), ports.config)).origin,
    holdMinutes: ports.config.booking.holdMinutes,
    rate: ports.config.serviceFee,
    log: ports.log,
    metrics: ports.metrics,
    notices: salesNotices(ports),
  }),
);

/** Payment outcomes → bookings (docs/selling.md, "Settlement"); the payment webhook calls it. */
export const settlement = perApp((ports: Ports) =>
  createSettlement({
    db: ports.db,
    clock: ports.clock,
    log: ports.log,
    metrics: ports.metrics,
    notices: salesNotices(ports),
  }),
);

/** An organizer's "Resend tickets" (the orders module's route): the confirmation email again. */
export function resendOrderTickets(
  ports: Ports,
  organizer: { actor: Actor; event: EventGrant },
  bookingId: string,
) {
  return resendAsOrganizer(checkout(ports).selling, organizer, bookingId);
}

/**
 * An event's public page for the server to render (plugins/static-web.ts), by slug, id or former slug;
 * null for a page that does not exist (queries/public-event-page.ts).
 */
export const publicEventPageData = (ports: Ports) => (ref: string) =>
  publicEventPage(checkout(ports).selling, ref, ports.clock.now());

/** Selling: the buyer routes, sharing an event (its QR code, its preview) and the hold sweep's timer. */
export async function bookingModule(app: FastifyInstance, ports: Ports) {
  const { db, clock, config } = ports;
  await app.register(bookingRoutes, { selling: checkout(ports).selling });
  await app.register(shareRoutes, { selling: checkout(ports).selling });
  const sweep = startHoldSweep({
    db,
    now: () => clock.now(),
    everySeconds: config.booking.sweepSeconds,
    log: app.log,
  });
  app.addHook('onClose', async () => sweep.stop());
  registerMessageRenderer(ports, ORDER_CONFIRMATION, orderConfirmationRenderer(db, config.publicUrl));
}
