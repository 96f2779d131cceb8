import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { afterLoadAndIdle } from '../../../lib/deferred-hosts';
import { getAccessToken } from '../../../lib/storage';
import { LoginForm } from '../components/LoginForm';
import { redirectTargetFrom } from '../session/redirect';

/**
 * Shown only for the providers the server has configured, which takes a call anyway: its code (with the
 * contract's schemas and zod, ~33 kB) loads a little after the page's load event, or at the visitor's
 * first key or tap if that comes first, out of the login route's first download (docs/performance.md,
 * "Console on the wire and cold mobile").
 */
const SocialLoginButtons = lazy(() =>
  import('../../social').then((m) => ({ default: m.SocialLoginButtons })),
);

/** True once the social sign-in buttons may load (see SocialLoginButtons above). */
function useSocialWanted() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const cancel = afterLoadAndIdle(want);
    window.addEventListener('pointerdown', want, { once: true, capture: true });
    window.addEventListener('keydown', want, { once: true, capture: true });
    return () => {
      cancel();
      window.removeEventListener('pointerdown', want, { capture: true });
      window.removeEventListener('keydown', want, { capture: true });
    };
  }, []);
  return wanted;
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const socialWanted = useSocialWanted();
  // Someone already signed in has nothing to do here; an invalid token is caught by the admin guard.
  if (getAccessToken()) return <Navigate to={redirectTargetFrom(searchParams)} replace />;

  return (
    <Stack gap="lg">
      <title>Sign in · Marquee</title>
      <div>
        <Title order={1} fz="h2">
          Sign in
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Manage your events, orders and organizations.
        </Text>
      </div>
      <LoginForm />
      {socialWanted && (
        <Suspense fallback={null}>
          <SocialLoginButtons />
        </Suspense>
      )}
    </Stack>
  );
}
