import { createHash } from 'node:crypto';
import {
  SOCIAL_CALLBACK_ROUTE,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_MESSAGES,
  SOCIAL_PROVIDER_NAMES,
  type SocialLoginBody,
  type SocialLoginProviderInfo,
  type SocialLoginResult,
  type SocialProvider,
} from '@marquee/contract';
import type { OidcClient, OidcClients } from '../../adapters/oidc/oidc.js';
import type { SocialConfig } from '../../adapters/oidc/social.config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, locked } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { type AuthService, BLOCKED_MESSAGE, type SessionMeta } from '../auth/index.js';
import * as repo from './social.repo.js';

/** Time a person has at the provider before the attempt expires. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** Time the console has to redeem the one-time code the callback hands it. */
const LOGIN_CODE_TTL_MS = 2 * 60_000;

export interface StartedSignIn {
  /** The provider's authorization URL. */
  location: string;
  /** Random value for the browser cookie that ties the callback to the browser that started. */
  browserKey: string;
}

export interface FinishedCallback {
  /** Where to send the browser: the console's callback route with a code or an error in the fragment. */
  location: string;
  /** The unexpected failure behind an error location, for the log. */
  failure?: unknown;
}

/** Same-origin paths only, as the console's own login redirect (docs/security.md). */
export function safeRedirect(target: string | undefined): string | null {
  if (!target || target.length > 2000) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}

function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function createSocialService(deps: {
  db: Db;
  clock: Clock;
  social: SocialConfig;
  auth: AuthService;
  clients: OidcClients;
}) {
  const { db, clock, social, auth, clients } = deps;

  const callbackUrl = (provider: SocialProvider) =>
    `${social.publicUrl}${SOCIAL_LOGIN_PATHS.callback(provider)}`;
  const consoleCallback = (fragment: Record<string, string>) =>
    `${social.publicUrl}${SOCIAL_CALLBACK_ROUTE}#${new URLSearchParams(fragment).toString()}`;

  function clientFor(provider: string): OidcClient {
    const client = clients[provider as SocialProvider];
    if (!client) throw new AppError(404, SOCIAL_MESSAGES.notConfigured);
    return client;
  }

  function listProviders(): SocialLoginProviderInfo[] {
    return social.providers
      .filter((p) => clients[p.id])
      .map((p) => ({
        id: p.id,
        name: SOCIAL_PROVIDER_NAMES[p.id],
        startPath: SOCIAL_LOGIN_PATHS.start(p.id),
      }));
  }

  async function start(provider: string, redirectTo?: string): Promise<StartedSignIn> {
    const client = clientFor(provider);
    const now = clock.now();
    const state = newToken();
    const nonce = newToken();
    const codeVerifier = newToken();
    const browserKey = newToken();
    let location: URL;
    try {
      location = await client.authorizationUrl({
        redirectUri: callbackUrl(client.provider),
        state,
        nonce,
        codeChallenge: pkceChallenge(codeVerifier),
      });
    } catch {
      throw new AppError(503, SOCIAL_MESSAGES.unavailable(client.provider));
    }
    await repo.deleteAttemptsExpiredBefore(db, new Date(now.getTime() - 60 * 60_000));
    await repo.insertAttempt(db, {
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

  /**
   * The provider's answer. Never throws: every outcome is a redirect to the console, which shows the
   * message. The state is single-use and must come back to the browser that started.
   */
  async function callback(
    provider: string,
    input: { params: URLSearchParams; callback: URL | Request; browserKey: string | undefined },
  ): Promise<FinishedCallback> {
    const client = clients[provider as SocialProvider];
    if (!client) return { location: consoleCallback({ error: SOCIAL_MESSAGES.notConfigured }) };
    const now = clock.now();
    const state = input.params.get('state') ?? '';
    const attempt = state
      ? await repo.findOpenAttempt(db, client.provider, hashToken(state), now)
      : undefined;
    if (!attempt) return { location: consoleCallback({ error: SOCIAL_MESSAGES.attemptInvalid }) };
    if (!input.browserKey || hashToken(input.browserKey) !== attempt.browserKeyHash) {
      return { location: consoleCallback({ error: SOCIAL_MESSAGES.otherBrowser }) };
    }
    // Closed before the code exchange, so a replayed or concurrent callback cannot use it again.
    const claimed = await repo.completeAttempt(db, client.provider, attempt.stateHash, now);
    if (!claimed) return { location: consoleCallback({ error: SOCIAL_MESSAGES.attemptInvalid }) };

    const providerError = input.params.get('error');
    if (providerError) {
      const message =
        providerError === 'access_denied'
          ? SOCIAL_MESSAGES.cancelled(client.provider)
          : SOCIAL_MESSAGES.providerFailed(client.provider);
      return { location: consoleCallback({ error: message }) };
    }
    try {
      const identity = await client.exchange({
        callback: input.callback,
        codeVerifier: attempt.codeVerifier,
        state,
        nonce: attempt.nonce,
      });
      const code = newToken();
      await repo.saveVerifiedIdentity(db, attempt.id, {
        subject: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        loginCodeHash: hashToken(code),
        loginCodeExpiresAt: new Date(clock.now().getTime() + LOGIN_CODE_TTL_MS),
      });
      const fragment: Record<string, string> = { code };
      if (attempt.redirectTo) fragment.redirect = attempt.redirectTo;
      return { location: consoleCallback(fragment) };
    } catch (failure) {
      return {
        location: consoleCallback({ error: SOCIAL_MESSAGES.providerFailed(client.provider) }),
        failure,
      };
    }
  }

  /**
   * Redeems the callback's one-time code: signs in the user linked to the provider subject, or else the
   * user whose email the provider verified (and links the subject). Never creates an account.
   */
  async function login(body: SocialLoginBody, meta: SessionMeta): Promise<SocialLoginResult> {
    const now = clock.now();
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

    const accessToken = await auth.startSession(user, meta);
    const client = clients[provider];
    const providerSignOut = client
      ? (await client.endSessionUrl(social.publicUrl).catch(() => null)) !== null
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

  /** Where logout sends the browser: the provider's end-session endpoint, or straight back to login. */
  async function endSessionLocation(provider: string): Promise<string> {
    const loginPage = `${social.publicUrl}/login`;
    const client = clients[provider as SocialProvider];
    if (!client) return loginPage;
    const url = await client.endSessionUrl(loginPage).catch(() => null);
    return url?.href ?? loginPage;
  }

  const errorLocation = (message: string) => consoleCallback({ error: message });

  return { listProviders, start, callback, login, endSessionLocation, errorLocation };
}

export type SocialService = ReturnType<typeof createSocialService>;
