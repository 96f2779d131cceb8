import { audit } from '../../../db/audit.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { MEMBER_ENTITY } from '../invitation-link.js';
import * as repo from '../organizations.repo.js';

/**
 * An invitation link was used (the account module asks, in its own unit of work): the INVITED
 * membership it was sent for becomes ACTIVE and is linked to the accepting account. Null when nothing
 * waits for the token, or the account no longer owns the address it was sent to.
 */
export async function acceptMemberInvitation(
  change: Change,
  input: { tokenId: string; userId: string; requestId: string },
): Promise<{ organizationName: string } | null> {
  const { tx, now } = change;
  const { tokenId, userId, requestId } = input;
  const found = await repo.findInvitedMemberByToken(tx, tokenId);
  if (!found) return null;
  // Bound to the address it was sent to: the accepting account must still own that address.
  const user = await repo.findUserById(tx, userId);
  if (!user || user.email.toLowerCase() !== found.row.email.toLowerCase()) return null;
  if (found.row.userId && found.row.userId !== userId) return null;
  const after = await transition(change, repo.memberMachine, {
    id: found.row.id,
    to: 'ACTIVE',
    from: ['INVITED'],
    set: { userId, acceptedAt: now, invitationTokenId: null, updatedAt: now },
  });
  if (!after) return null;
  // The person accepting has no session: the entry names the account that accepted.
  await audit.record(
    tx,
    { userId, requestId },
    {
      action: 'MEMBER_ACCEPTED_INVITATION',
      entityType: MEMBER_ENTITY,
      entityId: found.row.id,
      organizationId: found.row.organizationId,
      before: found.row,
      after,
    },
    now,
  );
  return { organizationName: found.organizationName };
}
