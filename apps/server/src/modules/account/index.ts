import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService, type InvitationHooks } from './account.service.js';

export { findNonProfit, findPendingEmailChange } from './account.repo.js';
export { type AccountService, type InvitationHooks, toNonProfitDetail } from './account.service.js';

const invitationHooks = new WeakMap<Ports, InvitationHooks>();

/** The organizations module answers invitation links (account does not import organizations). */
export function answerInvitations(ports: Ports, hooks: InvitationHooks): void {
  invitationHooks.set(ports, hooks);
}

/** Passwords, codes, email and mobile changes, invitations' links and the organizer requests. */
export const accountService = perApp((ports: Ports) =>
  createAccountService({
    db: ports.db,
    clock: ports.clock,
    config: ports.config,
    mailer: ports.mailer,
    sms: ports.sms,
    log: ports.log,
    invitations: () => invitationHooks.get(ports),
  }),
);

export async function accountModule(app: FastifyInstance, ports: Ports) {
  await app.register(accountRoutes, { account: accountService(ports), config: ports.config });
}
