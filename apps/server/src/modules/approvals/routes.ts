import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { decideNonProfitRequest } from './commands/decide-non-profit-request.js';
import { decideOrganizerRequest } from './commands/decide-organizer-request.js';
import type { ApprovalDeps } from './deps.js';
import { nonProfitRequestPage, organizerRequestPage } from './queries/approval-lists.js';

/** The administrators' approval queues: organizer requests and non-profit exemptions (docs/approvals.md). */
export async function approvalRoutes(app: FastifyInstance, opts: { deps: ApprovalDeps }) {
  const { deps } = opts;

  addRoute(app, c.getOrganizerRequestList, async ({ query }) => ({
    message: 'Organizer requests loaded.',
    result: await organizerRequestPage(deps.db, query),
  }));
  addRoute(app, c.decideOrganizerRequest, async ({ actor, body }) => {
    const result = await decideOrganizerRequest(deps, actor, body);
    return {
      message:
        result.status === 'APPROVED'
          ? 'Organizer request approved. The user can now use the console.'
          : 'Organizer request rejected. The user was emailed the reason.',
      result,
    };
  });
  addRoute(app, c.getNonProfitRequestList, async ({ query }) => ({
    message: 'Non-profit requests loaded.',
    result: await nonProfitRequestPage(deps.db, query),
  }));
  addRoute(app, c.decideNonProfitRequest, async ({ actor, body }) => {
    const result = await decideNonProfitRequest(deps, actor, body);
    return {
      message:
        result.status === 'APPROVED'
          ? 'Non-profit exemption approved. No service fee is charged on their new sales.'
          : 'Non-profit exemption rejected. The user was emailed the reason.',
      result,
    };
  });
}
