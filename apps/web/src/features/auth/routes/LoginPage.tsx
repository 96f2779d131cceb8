import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getAccessToken } from '../../../lib/storage';
import { LoginForm } from '../components/LoginForm';
import { redirectTargetFrom } from '../session/redirect';

/**
 * Shown only for the providers the server has configured, which takes a call anyway: its code (with the
 * contract's schemas and zod) loads after the form has painted, out of the login route's first download
 * (docs/performance.md, "Console").
 */
const SocialLoginButtons = lazy(() =>
  import('../../social').then((m) => ({ default: m.SocialLoginButtons })),
);

export function LoginPage() {
  const [searchParams] = useSearchParams();
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
      <Suspense fallback={null}>
        <SocialLoginButtons />
      </Suspense>
    </Stack>
  );
}
