import '../../../styles/mantine-all.css';
import { Stack } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { PATHS } from '../../../app/paths';
import { AccountHeading } from '../components/AccountHeading';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** Reached after a verified code; the reset token travels in router state, never in the URL. */
export function ResetPasswordPage() {
  const location = useLocation();
  const token = (location.state as { resetToken?: string } | null)?.resetToken;
  if (!token) return <Navigate to={PATHS.forgotPassword} replace />;
  return (
    <Stack gap="lg">
      <AccountHeading title="Reset password">Choose a new password for your account.</AccountHeading>
      <NewPasswordForm token={token} />
    </Stack>
  );
}
