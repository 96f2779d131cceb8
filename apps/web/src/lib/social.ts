import { clearSocialId } from './storage';

/**
 * Signs out of the social login provider, if the session came from one. Safe to call at any time:
 * today it only forgets the stored social id; the provider sign-out arrives with social login itself.
 */
export function signOutOfSocialLogin(): void {
  clearSocialId();
}
