import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { enqueueInvitationEmail } from '../../account/index.js';
import type { OrganizationDeps } from '../deps.js';
import { issueMemberInvitation } from '../invitation-link.js';
import { confirmMember } from '../member-grant.js';
import { loadMember } from '../queries/member-detail.js';
import { displayName } from '../views.js';

/** A new invitation link for a member who has not accepted yet; the earlier link stops working. */
export async function resendInvitation(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  memberId: string,
) {
  await deps.unitOfWork(
    async (change) => {
      const { member, organization } = await confirmMember(change, who.actor, grant, memberId);
      if (member.status !== 'INVITED') {
        throw conflict(`${displayName(member)} has already accepted the invitation.`);
      }
      const email = await issueMemberInvitation(deps, change, who, member, organization);
      await enqueueInvitationEmail(change, email);
    },
    { who },
  );
  return loadMember(deps.db, memberId);
}
