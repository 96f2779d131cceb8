import { AppError, badRequest } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import * as repo from '../account.repo.js';
import type { AccountDeps } from '../deps.js';
import { acceptWith } from '../invitations.js';
import { INVITATION_INVALID, INVITATION_NEEDS_PASSWORD } from '../messages.js';

/**
 * An existing account accepts an invitation with its link (no password change). Someone signed in
 * (`signedInUserId`) may accept only an invitation sent to their own address.
 */
export async function acceptInvitation(
  deps: AccountDeps,
  tokenValue: string,
  requestId: string,
  signedInUserId?: string,
) {
  return deps.unitOfWork(async (change) => {
    const { tx, now } = change;
    const token = await repo.consumeAccountToken(tx, hashToken(tokenValue), now, ['INVITATION']);
    if (!token) throw badRequest(INVITATION_INVALID);
    const user = await repo.findUserById(tx, token.userId);
    if (signedInUserId && user && signedInUserId !== user.id) {
      throw new AppError(
        403,
        `This invitation was sent to ${user.email}. Sign out, then open the link again and sign in with that address.`,
      );
    }
    if (!user?.passwordHash) {
      throw badRequest(INVITATION_NEEDS_PASSWORD, [
        { field: 'password', message: INVITATION_NEEDS_PASSWORD },
      ]);
    }
    return acceptWith(deps, change, token, requestId);
  });
}
