import type { FastifyInstance } from 'fastify';
import { perApp } from '../../lib/per-app.js';
import type { Ports } from '../../ports.js';
import { accountDeps, answerInvitations } from '../account/index.js';
import { acceptMemberInvitation } from './commands/accept-member-invitation.js';
import type { OrganizationDeps } from './deps.js';
import { findOrganization } from './organizations.repo.js';
import { invitedOrganization } from './queries/invited-organization.js';
import { organizationRoutes } from './routes.js';

export { memberMachine } from './organizations.repo.js';
export { findOrganization };

/** The organization's name, or null when there is none of that id (the sandbox's onboarding page). */
export async function organizationName(db: Ports['db'], organizationId: string): Promise<string | null> {
  return (await findOrganization(db, organizationId))?.row.name ?? null;
}

const organizationDeps = perApp(
  (ports: Ports): OrganizationDeps => ({
    db: ports.db,
    clock: ports.clock,
    unitOfWork: ports.unitOfWork,
    defaultCurrency: ports.config.defaultCurrency,
    account: accountDeps(ports),
  }),
);

/** Organizations, their profile and settings, and their team (docs/organizations.md). */
export async function organizationsModule(app: FastifyInstance, ports: Ports) {
  answerInvitations(ports, { describe: invitedOrganization, accepted: acceptMemberInvitation });
  await app.register(organizationRoutes, { deps: organizationDeps(ports) });
}
