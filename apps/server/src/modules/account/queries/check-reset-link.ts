import { badRequest } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import * as repo from '../account.repo.js';
import type { AccountDeps } from '../deps.js';
import { INVITATION_INVALID, RESET_TOKEN_INVALID } from '../messages.js';

/** What a `/reset-link/:token` link is for; an unknown, used or expired token is a 400. */
export async function checkResetLink(deps: AccountDeps, tokenValue: string) {
  const found = await repo.findOpenAccountToken(deps.db, hashToken(tokenValue), deps.clock.now());
  if (!found) throw badRequest(RESET_TOKEN_INVALID);
  const { token, user } = found;
  if (token.purpose === 'PASSWORD_RESET') {
    return { purpose: token.purpose, needsPassword: true, email: user.email, organizationName: null };
  }
  const invitations = deps.invitations();
  const described = invitations ? await invitations.describe(deps.db, token.id) : null;
  if (!described) throw badRequest(INVITATION_INVALID);
  return {
    purpose: token.purpose,
    needsPassword: !user.passwordHash,
    email: user.email,
    organizationName: described.organizationName,
  };
}
