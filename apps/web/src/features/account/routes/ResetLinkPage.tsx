import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { AccountHeading } from '../components/AccountHeading';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** Opened from a reset email or an organization invitation: both set a password with the link's token. */
export function ResetLinkPage() {
  const { token = '' } = useParams();
  return (
    <Stack gap="lg">
      <AccountHeading title="Choose a new password">
        Set the password you will sign in with. The link works once.
      </AccountHeading>
      <NewPasswordForm token={token} />
    </Stack>
  );
}
