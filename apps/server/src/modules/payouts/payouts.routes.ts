import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { PayoutService } from './payouts.service.js';

export async function payoutRoutes(app: FastifyInstance, opts: { payouts: PayoutService }) {
  const { payouts } = opts;
  addRoute(app, c.createOrganizerAccount, async ({ actor, body, request }) => ({
    message: 'Continue on the payment provider’s page to finish payout onboarding.',
    result: await payouts.startOnboarding({ actor, requestId: request.id }, body.organizationId),
  }));
  addRoute(app, c.getPayoutStatus, async ({ actor, query, request }) => ({
    message: 'Payout status loaded.',
    result: await payouts.status({ actor, requestId: request.id }, query.organizationId),
  }));
  addRoute(app, c.createDashboardLink, async ({ actor, body, request }) => ({
    message: 'Opening the payment provider’s dashboard.',
    result: await payouts.dashboardLink({ actor, requestId: request.id }, body.organizationId),
  }));
}
