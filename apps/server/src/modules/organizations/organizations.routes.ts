import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { MemberService } from './members.service.js';
import type { OrganizationService } from './organizations.service.js';

/** Organizations and their team ("favorite users"); every service call resolves tenancy first. */
export async function organizationRoutes(
  app: FastifyInstance,
  opts: { organizations: OrganizationService; members: MemberService },
) {
  const { organizations, members } = opts;

  addRoute(app, c.panelOrganizationList, async ({ actor, query }) => ({
    message: 'Organizations loaded.',
    result: await organizations.page(actor, query),
  }));
  addRoute(app, c.organizationOwnerList, async ({ query }) => ({
    message: 'Owners loaded.',
    result: await organizations.owners(query.search),
  }));
  addRoute(app, c.getOrganizationDetail, async ({ actor, query }) => ({
    message: 'Organization loaded.',
    result: await organizations.detail(actor, query.organizationId),
  }));
  addRoute(app, c.createOrganization, async ({ actor, body, request }) => {
    const result = await organizations.create({ actor, requestId: request.id }, body);
    return { message: `Organization "${result.name}" created.`, result };
  });
  addRoute(app, c.updateOrganization, async ({ actor, body, request }) => {
    const { organizationId, ...input } = body;
    const result = await organizations.update({ actor, requestId: request.id }, organizationId, input);
    return { message: `Organization "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateRefundSetting, async ({ actor, body, request }) => ({
    message: 'Refund settings saved.',
    result: await organizations.updateRefundSetting({ actor, requestId: request.id }, body),
  }));
  addRoute(app, c.updateTicketSetting, async ({ actor, body, request }) => ({
    message: 'Ticket settings saved.',
    result: await organizations.updateTicketSetting({ actor, requestId: request.id }, body),
  }));

  addRoute(app, c.organizationUserList, async ({ actor, query }) => ({
    message: 'Members loaded.',
    result: await members.organizationPage(actor, query),
  }));
  addRoute(app, c.getFavoriteUserList, async ({ actor, query }) => ({
    message: 'Members loaded.',
    result: await members.page(actor, query),
  }));
  addRoute(app, c.addFavoriteUser, async ({ actor, body, request }) => {
    const { member, invited } = await members.add({ actor, requestId: request.id }, body);
    return {
      message: invited ? `Invitation sent to ${member.email}.` : `${member.email} added to the team.`,
      result: member,
    };
  });
  addRoute(app, c.sendInvite, async ({ actor, body, request }) => {
    const result = await members.sendInvite({ actor, requestId: request.id }, body.memberId);
    return { message: `Invitation sent again to ${result.email}.`, result };
  });
  addRoute(app, c.favoriteUserDetail, async ({ actor, query }) => ({
    message: 'Member loaded.',
    result: await members.detail(actor, query.memberId),
  }));
  addRoute(app, c.favoriteUserUpdateStatus, async ({ actor, body, request }) => {
    const result = await members.updateStatus({ actor, requestId: request.id }, body.memberId, body.status);
    return {
      message: `${result.email} is now ${result.status === 'ACTIVE' ? 'active' : 'inactive'}.`,
      result,
    };
  });
  addRoute(app, c.deleteFavoriteUser, async ({ actor, body, request }) => {
    const name = await members.remove({ actor, requestId: request.id }, body.memberId);
    return { message: `${name} removed from the team.`, result: null };
  });
}
