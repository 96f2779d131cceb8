import { isSocialProvider, SOCIAL_LOGIN_PATHS } from '@marquee/contract';
import { config } from './config';
import { clearSocialId, clearSocialSignOutProvider, getSocialSignOutProvider } from './storage';

/** The provider sign-out must not wait on a slow revoke forever. */
const REVOKE_WAIT_MS = 3000;

/** Leaves the console for a URL; a seam for tests, where jsdom-like environments cannot navigate. */
export const browser = {
  leaveTo: (url: string) => window.location.assign(url),
};

/**
 * Signs out of social login. Always forgets the stored social id. When the session came from a provider
 * with an end-session endpoint, the browser then goes there (through the server, which knows the
 * provider's URL) once `after` (the session revoke) has settled, and the provider returns to the login
 * page. Google and Apple have no end-session endpoint: for them, forgetting is all there is.
 */
export function signOutOfSocialLogin(options: { after?: Promise<unknown> } = {}): void {
  // Checked against the providers' list rather than the SocialProvider schema: this runs in the first
  // download, which carries no zod (docs/performance.md, "Console").
  const provider = getSocialSignOutProvider();
  clearSocialId();
  clearSocialSignOutProvider();
  if (!isSocialProvider(provider)) return;
  const url = `${config.apiBaseUrls[0] ?? ''}${SOCIAL_LOGIN_PATHS.endSession(provider)}`;
  const waited = new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS));
  void Promise.race([options.after ?? Promise.resolve(), waited]).then(() => browser.leaveTo(url));
}
