import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import type { WaitingListDeps } from './deps.js';
import { waitingListRoutes } from './routes.js';
import { startWaitingListSweep, sweepWaitingLists } from './sweep.js';

/** The checkout's side of an offer link (booking's create-booking calls these). */
export { acceptOffer, seatsHeldByOffer } from './commands/accept-offer.js';
export { JOINED_EMAIL, OFFER_EMAIL } from './offering.js';

/** The waiting-list sweep's period at most (seconds); BOOKING_SWEEP_SECONDS when that is shorter, off when 0. */
const WAITING_SWEEP_SECONDS = 5;

function depsOf(ports: Ports): WaitingListDeps {
  return {
    db: ports.db,
    clock: ports.clock,
    unitOfWork: ports.unitOfWork,
    publicUrl: ports.config.publicUrl,
  };
}

/** One pass of expiring offers and offering kept seats (the timer's step; tests call it instead of waiting). */
export function runWaitingListSweep(ports: Ports) {
  return sweepWaitingLists(depsOf(ports));
}

/**
 * Waiting lists (docs/waiting-list.md): buyers wait for sold-out types; seats that come back are kept
 * for them by a trigger in the transaction that frees them, and offered in order by the sweep.
 */
export async function waitingListModule(app: FastifyInstance, ports: Ports) {
  const deps = depsOf(ports);
  await app.register(waitingListRoutes, { deps });
  // Its idle pass is two small indexed reads, so it runs more often than the hold sweep: an offer
  // reaches the next person within seconds of the seats coming back.
  const every = ports.config.booking.sweepSeconds;
  const sweep = startWaitingListSweep(deps, every > 0 ? Math.min(every, WAITING_SWEEP_SECONDS) : 0, app.log);
  app.addHook('onClose', async () => sweep.stop());
}
