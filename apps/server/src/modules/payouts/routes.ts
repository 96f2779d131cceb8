import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { refreshPayoutStatus } from './commands/refresh-payout-status.js';
import { startPayoutOnboarding } from './commands/start-payout-onboarding.js';
import type { PayoutDeps } from './deps.js';
import { payoutDashboardLink } from './queries/payout-dashboard-link.js';

/** Payout onboarding; the contract resolves the organization the caller manages before each handler. */
export async function payoutRoutes(app: FastifyInstance, opts: { deps: PayoutDeps }) {
  const { deps } = opts;

  addRoute(app, c.createOrganizerAccount, async ({ actor, grant, request }) => ({
    message: 'Continue on the payment provider’s page to finish payout onboarding.',
    result: await startPayoutOnboarding(deps, { actor, requestId: request.id }, grant),
  }));

  addRoute(app, c.getPayoutStatus, async ({ actor, grant, request }) => ({
    message: 'Payout status loaded.',
    result: await refreshPayoutStatus(deps, { actor, requestId: request.id }, grant),
  }));

  addRoute(app, c.createDashboardLink, async ({ grant }) => ({
    message: 'Opening the payment provider’s dashboard.',
    result: await payoutDashboardLink(deps, grant),
  }));
}
