import '../../../styles/mantine-all.css';
import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { toast } from '../../../lib/toasts';
import { useAcceptInvitation } from '../api/accept-invitation';
import { checkResetLinkQuery } from '../api/check-reset-link';
import { AccountHeading } from '../components/AccountHeading';
import { NewPasswordForm } from '../components/NewPasswordForm';

/**
 * Opened from a reset email or an organization invitation. A reset and an invitation to someone new
 * set a password with the link's token; an invitation to someone who has a password is only accepted.
 */
export function ResetLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = useQuery(checkResetLinkQuery(token));
  const accept = useAcceptInvitation();

  if (link.isPending) return <Loader size="sm" aria-label="Checking the link" />;
  if (link.error) {
    return (
      <Stack gap="lg">
        <AccountHeading title="This link no longer works">{link.error.message}</AccountHeading>
        <Anchor component={Link} to={PATHS.login}>
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  const info = link.data;
  if (info.purpose === 'INVITATION' && !info.needsPassword) {
    return (
      <Stack gap="lg">
        <AccountHeading title={`Join ${info.organizationName ?? 'the organization'}`}>
          You were invited as {info.email}. Accept to work with this organization using your existing account.
        </AccountHeading>
        <Button
          fullWidth
          loading={accept.isPending}
          onClick={async () => {
            const response = await accept.mutateAsync({ token }).catch(() => null);
            if (!response) return;
            toast.success(response.message);
            navigate(PATHS.login, { replace: true });
          }}
        >
          Accept invitation
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {info.purpose === 'INVITATION' ? (
        <AccountHeading title={`Join ${info.organizationName ?? 'the organization'}`}>
          Choose the password you will sign in with as {info.email}.
        </AccountHeading>
      ) : (
        <AccountHeading title="Choose a new password">
          Set the password you will sign in with. The link works once.
        </AccountHeading>
      )}
      <NewPasswordForm
        token={token}
        submitLabel={info.purpose === 'INVITATION' ? 'Set password and join' : undefined}
      />
      {info.purpose === 'INVITATION' && (
        <Text size="xs" c="dimmed">
          Then sign in with {info.email} and this password.
        </Text>
      )}
    </Stack>
  );
}
