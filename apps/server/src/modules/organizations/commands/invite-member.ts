import type { AddMemberBody, Member } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { enqueueInvitationEmail } from '../../account/index.js';
import type { OrganizationDeps } from '../deps.js';
import { issueMemberInvitation, MEMBER_ENTITY } from '../invitation-link.js';
import * as repo from '../organizations.repo.js';
import { loadMember } from '../queries/member-detail.js';

/**
 * Adds a person to the organization's team by address (INVITED), and mails them an invitation link
 * when asked to (enqueued in the same change, sent by the message worker).
 */
export async function inviteMember(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  input: z.output<typeof AddMemberBody>,
): Promise<{ member: Member; invited: boolean }> {
  const { member, invited } = await deps.unitOfWork(
    async (change) => {
      const { tx, now } = change;
      const { organization } = await confirmOrganizationGrant(tx, who.actor, grant, 'manage');
      const existing = await repo.findMemberByEmail(tx, organization.id, input.email);
      if (existing) throw conflict(`${input.email} is already on the team of ${organization.name}.`);
      const user = await repo.findUserByEmail(tx, input.email);
      if (user?.id === organization.ownerId)
        throw conflict(`${input.email} owns ${organization.name} already.`);
      const row = await repo.insertMember(tx, {
        organizationId: organization.id,
        // No account is linked yet: the invitation is bound to this address, and the account that
        // accepts it from that address is linked then (so nobody can take over someone's invitation).
        userId: null,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        status: 'INVITED',
        invitedBy: who.actor.user.id,
        createdAt: now,
        updatedAt: now,
      });
      await change.audit({
        action: 'MEMBER_ADDED',
        entityType: MEMBER_ENTITY,
        entityId: row.id,
        organizationId: organization.id,
        after: row,
      });
      const email = input.sendInvite
        ? await issueMemberInvitation(deps, change, who, row, organization)
        : null;
      if (email) await enqueueInvitationEmail(change, email);
      return { member: row, invited: !!email };
    },
    { who },
  );
  return { member: await loadMember(deps.db, member.id), invited };
}
