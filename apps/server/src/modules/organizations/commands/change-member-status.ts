import type { Who } from '../../../db/audit.js';
import { currentState, transition } from '../../../db/state-machine.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { OrganizationDeps } from '../deps.js';
import { MEMBER_ENTITY } from '../invitation-link.js';
import { confirmMember, MEMBER } from '../member-grant.js';
import * as repo from '../organizations.repo.js';
import { loadMember } from '../queries/member-detail.js';
import { displayName } from '../views.js';

/** Activates or deactivates a member who accepted; an inactive member loses access on their next call. */
export function changeMemberStatus(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  memberId: string,
  status: 'ACTIVE' | 'INACTIVE',
) {
  return deps.unitOfWork(
    async (change) => {
      const { member } = await confirmMember(change, who.actor, grant, memberId);
      const notYet = () =>
        conflict(
          `${displayName(member)} has not accepted the invitation yet; the status changes once they do.`,
        );
      if (member.status === 'INVITED') throw notYet();
      // Only a member who accepted: acceptance alone moves an invitation on.
      const after = await transition(change, repo.memberMachine, {
        id: memberId,
        to: status,
        from: ['ACTIVE', 'INACTIVE'],
        set: { updatedAt: change.now },
      });
      if (!after) {
        if ((await currentState(change, repo.memberMachine, memberId)) === null) throw notFound(MEMBER);
        throw notYet();
      }
      await change.audit({
        action: status === 'ACTIVE' ? 'MEMBER_ACTIVATED' : 'MEMBER_DEACTIVATED',
        entityType: MEMBER_ENTITY,
        entityId: memberId,
        organizationId: member.organizationId,
        before: member,
        after,
      });
      return loadMember(change.tx, memberId);
    },
    { who },
  );
}
