import { hasConsoleAccess } from '@marquee/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/PageLoader';
import {
  loginPathFor,
  NoConsoleAccess,
  PROFILE_QUERY_KEY,
  profileQueryOptions,
  SessionProfileProvider,
  useLogout,
} from '../../features/auth';
import { HttpError } from '../../lib/http';
import { getAccessToken, STORAGE_KEYS } from '../../lib/storage';
import { toast } from '../../lib/toasts';
import { AdminLayout } from '../layouts/AdminLayout';

export const BLOCKED_ACCOUNT_MESSAGE = 'Your account is blocked. Contact support for help.';

/**
 * The admin area's gate (spec section 2): no token sends the visitor to login, remembering the page;
 * the profile must load before anything renders; a blocked or unloadable profile logs out.
 */
export function RequireSession() {
  const location = useLocation();
  if (!getAccessToken()) return <Navigate to={loginPathFor(location)} replace />;
  return <ProfileGate />;
}

/** 401 and 423 answers have already ended the session inside the http helper. */
function endedByServer(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 423);
}

function ProfileGate() {
  const location = useLocation();
  const logout = useLogout();
  const profileQuery = useQuery(profileQueryOptions());
  const profile = profileQuery.data;
  // Only a failed *first* load logs out: a failed background refresh keeps the loaded profile.
  const loadFailed = profileQuery.isError && !profile;
  const blocked = profile?.status === 'BLOCKED';

  useEffect(() => {
    // Already signed out (this effect can run twice, e.g. under StrictMode): one toast, one logout.
    if (!getAccessToken()) return;
    if (blocked) {
      toast.error(BLOCKED_ACCOUNT_MESSAGE);
      logout();
    } else if (loadFailed && !endedByServer(profileQuery.error)) {
      logout({ returnTo: location });
    }
  }, [blocked, loadFailed, profileQuery.error, logout, location]);

  useFollowSessionChangesInOtherTabs();

  if (!profile || blocked) return <FullPageLoader label="Loading your profile" />;
  if (!hasConsoleAccess(profile))
    return (
      <Suspense fallback={<FullPageLoader label="Loading your profile" />}>
        <NoConsoleAccess profile={profile} />
      </Suspense>
    );
  return (
    <SessionProfileProvider profile={profile}>
      <AdminLayout />
    </SessionProfileProvider>
  );
}

/** Logging out (or in as someone else) in another tab applies here too, instead of failing on the next call. */
function useFollowSessionChangesInOtherTabs() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      if (!getAccessToken()) logout({ revoke: false });
      else void queryClient.resetQueries({ queryKey: PROFILE_QUERY_KEY });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout, queryClient]);
}
