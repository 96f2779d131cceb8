import '../../../styles/mantine-all.css';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, OTP_LENGTH, OTP_RESEND_SECONDS } from '@marquee/contract';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AccountHeading } from '../components/AccountHeading';
import { ResendCountdown } from '../components/ResendCountdown';
import { storedPhone } from '../phone-storage';

export function OtpVerificationPage() {
  const navigate = useNavigate();
  const [target] = useState(storedPhone);
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [restartKey, setRestartKey] = useState(0);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: {
      code: (value) =>
        value.trim() === ''
          ? MESSAGES.verificationCodeRequired
          : new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value.trim())
            ? null
            : `The code has ${OTP_LENGTH} digits`,
    },
  });
  if (!target) return <Navigate to={PATHS.forgotPassword} replace />;

  const handleSubmit = form.onSubmit(async ({ code }) => {
    try {
      const response = await verify.mutateAsync({ ...target, code: code.trim() });
      toast.success(response.message);
      navigate(PATHS.resetPassword, { state: { resetToken: response.result.resetToken } });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['code'] as const));
    }
  });
  const handleResend = async () => {
    try {
      const response = await resend.mutateAsync(target);
      toast.success(response.message);
      form.setFieldValue('code', '');
      setRestartKey((k) => k + 1);
    } catch {
      // The http helper has shown why.
    }
  };

  return (
    <Stack gap="lg">
      <AccountHeading title="Verification code">
        Enter the {OTP_LENGTH}-digit code we sent to {target.countryCode} {target.phone}. It expires in 10
        minutes.
      </AccountHeading>
      <form onSubmit={handleSubmit} noValidate aria-label="Enter the verification code">
        <Stack gap="md">
          <TextInput
            label="Verification code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            autoFocus
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth loading={verify.isPending}>
            Verify
          </Button>
          <Group justify="space-between">
            <ResendCountdown
              seconds={OTP_RESEND_SECONDS}
              restartKey={restartKey}
              onResend={handleResend}
              loading={resend.isPending}
            />
            <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
              Use another number
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
