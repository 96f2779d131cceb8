import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import { revokeInvitation } from '../../account/index.js';
import type { OrganizationDeps } from '../deps.js';
import { MEMBER_ENTITY } from '../invitation-link.js';
import { confirmMember, MEMBER } from '../member-grant.js';
import * as repo from '../organizations.repo.js';
import { displayName } from '../views.js';

/** Removes a member from the team (their open invitation link ends with it); answers their name. */
export function removeMember(deps: OrganizationDeps, who: Who, grant: OrganizationGrant, memberId: string) {
  return deps.unitOfWork(
    async (change) => {
      const { member } = await confirmMember(change, who.actor, grant, memberId);
      // Guarded: of parallel deletions, the one whose DELETE returns the row audits it; the others
      // (their read above was taken before it committed) find nothing to delete and answer 404.
      const removed = await repo.deleteMember(change.tx, memberId);
      if (!removed) throw notFound(MEMBER);
      if (member.invitationTokenId) await revokeInvitation(change.tx, member.invitationTokenId, change.now);
      await change.audit({
        action: 'MEMBER_REMOVED',
        entityType: MEMBER_ENTITY,
        entityId: memberId,
        organizationId: member.organizationId,
        before: member,
      });
      return displayName(member);
    },
    { who },
  );
}
