import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { getAccessToken } from '../../../lib/storage';
import { SocialSignIn } from '../../social';
import { LoginForm } from '../components/LoginForm';
import { redirectTargetFrom } from '../session/redirect';

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
      <SocialSignIn />
    </Stack>
  );
}
