import {
  SOCIAL_MESSAGES,
  type SocialLoginBody,
  type SocialLoginResult,
  type SocialProvider,
} from '@marquee/contract';
import { AppError, badRequest, locked } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { BLOCKED_MESSAGE, type SessionMeta } from '../../auth/index.js';
import type { SocialDeps } from '../deps.js';
import * as repo from '../social.repo.js';

/**
 * Redeems the callback's one-time code: signs in the user linked to the provider subject, or else the
 * user whose email the provider verified (and links the subject). Never creates an account.
 */
export async function socialSignIn(
  deps: SocialDeps,
  body: SocialLoginBody,
  meta: SessionMeta,
): Promise<SocialLoginResult> {
  const { db } = deps;
  const now = deps.clock.now();
  const attempt = await repo.consumeLoginCode(db, hashToken(body.code), now);
  if (!attempt?.subject) throw badRequest(SOCIAL_MESSAGES.codeInvalid);
  const provider = attempt.provider as SocialProvider;
  const subject = attempt.subject;

  const linked = await repo.findUserBySocialIdentity(db, provider, subject);
  let user = linked?.user;
  if (!user) {
    if (!attempt.email || !attempt.emailVerified)
      throw badRequest(SOCIAL_MESSAGES.emailNotVerified(provider));
    user = await repo.findUserByEmail(db, attempt.email);
    if (!user) throw new AppError(404, SOCIAL_MESSAGES.noAccount(provider, attempt.email));
  }
  if (user.status === 'BLOCKED') throw locked(BLOCKED_MESSAGE);
  if (linked) await repo.touchIdentity(db, linked.identityId, now);
  else
    await repo.linkIdentity(db, {
      userId: user.id,
      provider,
      subject,
      email: attempt.email,
      createdAt: now,
      lastUsedAt: now,
    });

  const accessToken = await deps.auth.startSession(user, meta);
  const client = deps.clients[provider];
  const providerSignOut = client
    ? (await client.endSessionUrl(deps.social.publicUrl).catch(() => null)) !== null
    : false;
  return {
    accessToken,
    socialId: subject,
    _id: user.id,
    organizerRequest: user.organizerRequest,
    email: user.email,
    provider,
    providerSignOut,
  };
}
