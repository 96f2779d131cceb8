import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import type { AccountDeps } from './deps.js';
import type { InvitationHooks } from './invitations.js';
import { accountRoutes } from './routes.js';

export { nonProfitMachine, organizerRequestMachine } from './account.repo.js';
export {
  enqueueInvitationEmail,
  type InvitationEmail,
  type InvitationHooks,
  issueInvitation,
  revokeInvitation,
} from './invitations.js';
export { nonProfitDetail, pendingEmailOf, toNonProfitDetail } from './queries/non-profit-detail.js';

const invitationHooks = new WeakMap<Ports, InvitationHooks>();

/** The organizations module answers invitation links (account does not import organizations). */
export function answerInvitations(ports: Ports, hooks: InvitationHooks): void {
  invitationHooks.set(ports, hooks);
}

/**
 * What passwords, codes, email and mobile changes, invitations' links and the organizer and
 * non-profit requests are given; other modules pass it to the invitation functions above.
 */
export const accountDeps = perApp(
  (ports: Ports): AccountDeps => ({
    db: ports.db,
    clock: ports.clock,
    config: ports.config,
    mailer: ports.mailer,
    sms: ports.sms,
    log: ports.log,
    unitOfWork: ports.unitOfWork,
    invitations: () => invitationHooks.get(ports),
  }),
);

export async function accountModule(app: FastifyInstance, ports: Ports) {
  await app.register(accountRoutes, { deps: accountDeps(ports) });
}
