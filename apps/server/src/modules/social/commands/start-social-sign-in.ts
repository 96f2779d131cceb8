import { SOCIAL_MESSAGES } from '@marquee/contract';
import { AppError } from '../../../lib/errors.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import {
  ATTEMPT_TTL_MS,
  callbackUrl,
  clientFor,
  pkceChallenge,
  type SocialDeps,
  safeRedirect,
} from '../deps.js';
import * as repo from '../social.repo.js';

export interface StartedSignIn {
  /** The provider's authorization URL. */
  location: string;
  /** Random value for the browser cookie that ties the callback to the browser that started. */
  browserKey: string;
}

/** Opens a sign-in attempt at the provider (state, nonce, PKCE) and answers where to send the browser. */
export async function startSocialSignIn(
  deps: SocialDeps,
  provider: string,
  redirectTo?: string,
): Promise<StartedSignIn> {
  const client = clientFor(deps, provider);
  const now = deps.clock.now();
  const state = newToken();
  const nonce = newToken();
  const codeVerifier = newToken();
  const browserKey = newToken();
  let location: URL;
  try {
    location = await client.authorizationUrl({
      redirectUri: callbackUrl(deps, client.provider),
      state,
      nonce,
      codeChallenge: pkceChallenge(codeVerifier),
    });
  } catch {
    throw new AppError(503, SOCIAL_MESSAGES.unavailable(client.provider));
  }
  await repo.deleteAttemptsExpiredBefore(deps.db, new Date(now.getTime() - 60 * 60_000));
  await repo.insertAttempt(deps.db, {
    provider: client.provider,
    stateHash: hashToken(state),
    browserKeyHash: hashToken(browserKey),
    codeVerifier,
    nonce,
    redirectTo: safeRedirect(redirectTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
  });
  return { location: location.href, browserKey };
}
