import { createHash } from 'node:crypto';
import {
  SOCIAL_CALLBACK_ROUTE,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_MESSAGES,
  type SocialProvider,
} from '@marquee/contract';
import type { OidcClient, OidcClients } from '../../adapters/oidc/oidc.js';
import type { SocialConfig } from '../../adapters/oidc/social.config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AuthService } from '../auth/index.js';

/** What social login is given (bound once per app in index.ts). */
export interface SocialDeps {
  db: Db;
  clock: Clock;
  social: SocialConfig;
  auth: AuthService;
  clients: OidcClients;
}

/** Time a person has at the provider before the attempt expires. */
export const ATTEMPT_TTL_MS = 10 * 60_000;
/** Time the console has to redeem the one-time code the callback hands it. */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

/** Where the provider sends the browser back. */
export const callbackUrl = (deps: SocialDeps, provider: SocialProvider) =>
  `${deps.social.publicUrl}${SOCIAL_LOGIN_PATHS.callback(provider)}`;

/** The console's callback route, with a code or an error in the fragment. */
export const consoleCallback = (deps: SocialDeps, fragment: Record<string, string>) =>
  `${deps.social.publicUrl}${SOCIAL_CALLBACK_ROUTE}#${new URLSearchParams(fragment).toString()}`;

/** The console's callback route showing `message`. */
export const errorLocation = (deps: SocialDeps, message: string) => consoleCallback(deps, { error: message });

export function clientFor(deps: SocialDeps, provider: string): OidcClient {
  const client = deps.clients[provider as SocialProvider];
  if (!client) throw new AppError(404, SOCIAL_MESSAGES.notConfigured);
  return client;
}

/** Same-origin paths only, as the console's own login redirect (docs/security.md). */
export function safeRedirect(target: string | undefined): string | null {
  if (!target || target.length > 2000) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
