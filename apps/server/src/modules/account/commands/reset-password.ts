import type { PasswordResetBody } from '@marquee/contract';
import { badRequest } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { hashToken } from '../../../lib/tokens.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import type { AccountDeps } from '../deps.js';
import { acceptWith } from '../invitations.js';
import { INVITATION_HAS_ACCOUNT, RESET_TOKEN_INVALID } from '../messages.js';

/**
 * Sets a new password from a reset or invitation token; every session of the user ends. An invitation
 * token sets the first password of a new person and accepts the invitation with it.
 */
export async function resetPassword(deps: AccountDeps, body: PasswordResetBody, requestId = '') {
  const passwordHash = await hashPassword(body.password);
  return deps.unitOfWork(async (change) => {
    const { tx, now } = change;
    let invitation: { organizationName: string } | null = null;
    const token = await repo.consumeAccountToken(tx, hashToken(body.token), now, [
      'PASSWORD_RESET',
      'INVITATION',
    ]);
    if (!token) throw badRequest(RESET_TOKEN_INVALID);
    if (token.purpose === 'INVITATION') {
      const user = await repo.findUserById(tx, token.userId);
      // An invitation must not become a way to replace someone's existing password.
      if (user?.passwordHash) throw badRequest(INVITATION_HAS_ACCOUNT);
      invitation = await acceptWith(deps, change, token, requestId);
    }
    await repo.setPassword(tx, token.userId, passwordHash, now);
    await repo.endOpenResets(tx, token.userId, now);
    await repo.revokeUserSessions(tx, token.userId, now);
    await auditAccount(change, token.userId, {
      action: ACCOUNT_AUDIT.passwordReset,
      // Which kind of link set it, not the link itself.
      after: { passwordChangedAt: now, via: token.purpose, sessionsEnded: true },
    });
    return { invitation };
  });
}
