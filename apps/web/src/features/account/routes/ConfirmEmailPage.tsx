import '../../../styles/mantine-all.css';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { HttpError } from '../../../lib/http';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { AccountHeading } from '../components/AccountHeading';

/**
 * Opened from the link sent to a new email address. Confirming is a button, not automatic: mail
 * scanners that open links must not use the single-use token on the person's behalf.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (done) {
    return (
      <Stack gap="lg">
        <AccountHeading title="Email address confirmed">
          Your account now uses {done}. Sign in with it from now on.
        </AccountHeading>
        <Anchor component={Link} to={PATHS.dashboard}>
          Go to the console
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <AccountHeading title="Confirm your new email address">
        Your account's email changes to the address this link was sent to once you confirm.
      </AccountHeading>
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Button
        fullWidth
        loading={confirm.isPending}
        onClick={async () => {
          try {
            const response = await confirm.mutateAsync({ token });
            setDone(response.result.email);
          } catch (error) {
            setProblem(error instanceof HttpError ? error.message : 'The address could not be confirmed.');
          }
        }}
      >
        Confirm email address
      </Button>
      <Anchor component={Link} to={PATHS.login} size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
