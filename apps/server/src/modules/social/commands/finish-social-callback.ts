import { SOCIAL_MESSAGES, type SocialProvider } from '@marquee/contract';
import { hashToken, newToken } from '../../../lib/tokens.js';
import { consoleCallback, LOGIN_CODE_TTL_MS, type SocialDeps } from '../deps.js';
import * as repo from '../social.repo.js';

export interface FinishedCallback {
  /** Where to send the browser: the console's callback route with a code or an error in the fragment. */
  location: string;
  /** The unexpected failure behind an error location, for the log. */
  failure?: unknown;
}

/**
 * The provider's answer. Never throws: every outcome is a redirect to the console, which shows the
 * message. The state is single-use and must come back to the browser that started.
 */
export async function finishSocialCallback(
  deps: SocialDeps,
  provider: string,
  input: { params: URLSearchParams; callback: URL | Request; browserKey: string | undefined },
): Promise<FinishedCallback> {
  const fail = (error: string) => ({ location: consoleCallback(deps, { error }) });
  const client = deps.clients[provider as SocialProvider];
  if (!client) return fail(SOCIAL_MESSAGES.notConfigured);
  const now = deps.clock.now();
  const state = input.params.get('state') ?? '';
  const attempt = state
    ? await repo.findOpenAttempt(deps.db, client.provider, hashToken(state), now)
    : undefined;
  if (!attempt) return fail(SOCIAL_MESSAGES.attemptInvalid);
  if (!input.browserKey || hashToken(input.browserKey) !== attempt.browserKeyHash) {
    return fail(SOCIAL_MESSAGES.otherBrowser);
  }
  // Closed before the code exchange, so a replayed or concurrent callback cannot use it again.
  const claimed = await repo.completeAttempt(deps.db, client.provider, attempt.stateHash, now);
  if (!claimed) return fail(SOCIAL_MESSAGES.attemptInvalid);

  const providerError = input.params.get('error');
  if (providerError) {
    return fail(
      providerError === 'access_denied'
        ? SOCIAL_MESSAGES.cancelled(client.provider)
        : SOCIAL_MESSAGES.providerFailed(client.provider),
    );
  }
  try {
    const identity = await client.exchange({
      callback: input.callback,
      codeVerifier: attempt.codeVerifier,
      state,
      nonce: attempt.nonce,
    });
    const code = newToken();
    await repo.saveVerifiedIdentity(deps.db, attempt.id, {
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      loginCodeHash: hashToken(code),
      loginCodeExpiresAt: new Date(deps.clock.now().getTime() + LOGIN_CODE_TTL_MS),
    });
    const fragment: Record<string, string> = { code };
    if (attempt.redirectTo) fragment.redirect = attempt.redirectTo;
    return { location: consoleCallback(deps, fragment) };
  } catch (failure) {
    return { ...fail(SOCIAL_MESSAGES.providerFailed(client.provider)), failure };
  }
}
