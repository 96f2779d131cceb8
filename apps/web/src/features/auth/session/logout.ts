import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOutOfSocialLogin } from '../../../lib/social';
import { clearSession, getAccessToken } from '../../../lib/storage';
import { revokeSession } from '../api/logout';
import { loginPathFor } from './redirect';

/** The spec keeps the profile for a second after logout so the screen being left does not flash empty. */
export const PROFILE_CLEAR_DELAY_MS = 1000;

export interface LogoutDeps {
  navigate: (to: string, options: { replace: boolean }) => unknown;
  queryClient: QueryClient;
}

export interface LogoutOptions {
  /** Tell the server to revoke the token; false when the server already ended the session (401/423). */
  revoke?: boolean;
  /** Page to come back to after signing in again (when the session ended under the user's feet). */
  returnTo?: { pathname: string; search?: string; hash?: string };
}

/** The one logout of the console: used by the user menu, the guard and the http helper. */
export function performLogout(deps: LogoutDeps, { revoke = true, returnTo }: LogoutOptions = {}): void {
  const token = getAccessToken();
  const revoking = revoke && token ? revokeSession(token) : Promise.resolve();
  // Before clearSession, which forgets which provider (if any) to sign out of.
  signOutOfSocialLogin({ after: revoking });
  clearSession();
  deps.navigate(returnTo ? loginPathFor(returnTo) : '/login', { replace: true });
  setTimeout(() => void forgetProfile(deps.queryClient), PROFILE_CLEAR_DELAY_MS);
}

/**
 * The profile's key comes with the profile route's schema (and zod): loaded here, not with the shell
 * that logs out, which is in the login screen's first download (docs/performance.md, "Console").
 */
async function forgetProfile(queryClient: QueryClient) {
  const { PROFILE_QUERY_KEY } = await import('../api/get-user-detail');
  queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (options?: LogoutOptions) => performLogout({ navigate, queryClient }, options),
    [navigate, queryClient],
  );
}
