import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { accountService, answerInvitations } from '../account/index.js';
import { createInvitationHooks, createMemberService } from './members.service.js';
import { findOrganization } from './organizations.repo.js';
import { organizationRoutes } from './organizations.routes.js';
import { createOrganizationService } from './organizations.service.js';

export { findOrganization };

/** The organization's name, or null when there is none of that id (the sandbox's onboarding page). */
export async function organizationName(db: Ports['db'], organizationId: string): Promise<string | null> {
  return (await findOrganization(db, organizationId))?.row.name ?? null;
}

/** Organizations, their profile and settings, and their team (docs/organizations.md). */
export async function organizationsModule(app: FastifyInstance, ports: Ports) {
  const { db, clock } = ports;
  answerInvitations(ports, createInvitationHooks());
  await app.register(organizationRoutes, {
    organizations: createOrganizationService({ db, clock, defaultCurrency: ports.config.defaultCurrency }),
    members: createMemberService({ db, clock, account: accountService(ports), log: ports.log }),
  });
}
