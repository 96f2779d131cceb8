import '../../../styles/mantine-all.css';
import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { saveSession, saveSocialId, saveSocialSignOutProvider } from '../../../lib/storage';
import { toast } from '../../../lib/toasts';
import { PROFILE_QUERY_KEY, redirectTargetFrom } from '../../auth';
import { useOrganizerSocialLogin } from '../api/organizer-social-login';

export const INCOMPLETE_SIGN_IN_MESSAGE = 'This sign-in did not finish. Please try again.';

/**
 * Where the server's social login callback lands, with `#code=…` (or `#error=…`). Redeems the one-time
 * code and completes sign-in exactly as the password login does.
 */
export function SocialCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const socialLogin = useOrganizerSocialLogin();
  // The code is single-use: redeem it once even if the effect runs twice (StrictMode, re-renders).
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const fragment = new URLSearchParams(location.hash.slice(1));
    // Keep the one-time code out of the history and of anything that reads the address later.
    window.history.replaceState(window.history.state, '', location.pathname);
    const toLogin = () => navigate('/login', { replace: true });
    const error = fragment.get('error');
    const code = fragment.get('code');
    if (error || !code) {
      toast.error(error ?? INCOMPLETE_SIGN_IN_MESSAGE);
      toLogin();
      return;
    }
    socialLogin
      .mutateAsync({ code })
      .then((response) => {
        const { accessToken, _id, organizerRequest, email, socialId, provider, providerSignOut } =
          response.result;
        saveSession({ accessToken, userId: _id, organizerRequest, email });
        saveSocialId(socialId);
        if (providerSignOut) saveSocialSignOutProvider(provider);
        queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
        toast.success(response.message);
        navigate(redirectTargetFrom(fragment), { replace: true });
      })
      // The call helper has already shown the server's message (e.g. no account for that email).
      .catch(toLogin);
  }, [location.hash, location.pathname, navigate, queryClient, socialLogin]);

  return (
    <Stack align="center" gap="sm" py="lg">
      <title>Signing in · Marquee</title>
      <Loader size="md" />
      <Text size="sm" c="dimmed">
        Signing you in…
      </Text>
    </Stack>
  );
}
