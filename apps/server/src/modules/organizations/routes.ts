import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { changeMemberStatus } from './commands/change-member-status.js';
import { createOrganization } from './commands/create-organization.js';
import { inviteMember } from './commands/invite-member.js';
import { removeMember } from './commands/remove-member.js';
import { resendInvitation } from './commands/resend-invitation.js';
import { updateOrganization } from './commands/update-organization.js';
import { updateRefundSetting } from './commands/update-refund-setting.js';
import { updateTicketSetting } from './commands/update-ticket-setting.js';
import type { OrganizationDeps } from './deps.js';
import { loadMember } from './queries/member-detail.js';
import { organizationMemberPage, teamMemberPage } from './queries/member-list.js';
import { organizationDetail } from './queries/organization-detail.js';
import { organizationPage } from './queries/organization-list.js';
import { ownerList } from './queries/owner-list.js';

/**
 * Organizations and their team (the wire calls them "favorite users"). The contract's access
 * declaration resolves the organization (or the member's organization) before each handler.
 */
export async function organizationRoutes(app: FastifyInstance, opts: { deps: OrganizationDeps }) {
  const { deps } = opts;
  const { db } = deps;

  addRoute(app, c.panelOrganizationList, async ({ actor, query }) => ({
    message: 'Organizations loaded.',
    result: await organizationPage(db, actor, query),
  }));
  addRoute(app, c.organizationOwnerList, async ({ query }) => ({
    message: 'Owners loaded.',
    result: await ownerList(db, query.search),
  }));
  addRoute(app, c.getOrganizationDetail, async ({ grant }) => ({
    message: 'Organization loaded.',
    result: await organizationDetail(db, grant),
  }));
  addRoute(app, c.createOrganization, async ({ actor, body, request }) => {
    const result = await createOrganization(deps, { actor, requestId: request.id }, body);
    return { message: `Organization "${result.name}" created.`, result };
  });
  addRoute(app, c.updateOrganization, async ({ actor, grant, body, request }) => {
    const { organizationId: _, ...input } = body;
    const result = await updateOrganization(deps, { actor, requestId: request.id }, grant, input);
    return { message: `Organization "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateRefundSetting, async ({ actor, grant, body, request }) => ({
    message: 'Refund settings saved.',
    result: await updateRefundSetting(deps, { actor, requestId: request.id }, grant, body),
  }));
  addRoute(app, c.updateTicketSetting, async ({ actor, grant, body, request }) => ({
    message: 'Ticket settings saved.',
    result: await updateTicketSetting(deps, { actor, requestId: request.id }, grant, body),
  }));

  addRoute(app, c.organizationUserList, async ({ grant, query }) => ({
    message: 'Members loaded.',
    result: await organizationMemberPage(db, grant.organization.id, query),
  }));
  addRoute(app, c.getFavoriteUserList, async ({ actor, query }) => ({
    message: 'Members loaded.',
    result: await teamMemberPage(db, actor, query),
  }));
  addRoute(app, c.addFavoriteUser, async ({ actor, grant, body, request }) => {
    const { member, invited } = await inviteMember(deps, { actor, requestId: request.id }, grant, body);
    return {
      message: invited ? `Invitation sent to ${member.email}.` : `${member.email} added to the team.`,
      result: member,
    };
  });
  addRoute(app, c.sendInvite, async ({ actor, grant, body, request }) => {
    const result = await resendInvitation(deps, { actor, requestId: request.id }, grant, body.memberId);
    return { message: `Invitation sent again to ${result.email}.`, result };
  });
  addRoute(app, c.favoriteUserDetail, async ({ query }) => ({
    message: 'Member loaded.',
    result: await loadMember(db, query.memberId),
  }));
  addRoute(app, c.favoriteUserUpdateStatus, async ({ actor, grant, body, request }) => {
    const who = { actor, requestId: request.id };
    const result = await changeMemberStatus(deps, who, grant, body.memberId, body.status);
    return {
      message: `${result.email} is now ${result.status === 'ACTIVE' ? 'active' : 'inactive'}.`,
      result,
    };
  });
  addRoute(app, c.deleteFavoriteUser, async ({ actor, grant, body, request }) => {
    const name = await removeMember(deps, { actor, requestId: request.id }, grant, body.memberId);
    return { message: `${name} removed from the team.`, result: null };
  });
}
