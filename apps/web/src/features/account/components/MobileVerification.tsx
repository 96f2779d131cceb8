import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MESSAGES,
  MobileVerificationRequestBody,
  OTP_RESEND_SECONDS,
  type UserProfile,
} from '@marquee/contract';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useCheckMobileForVerification } from '../api/check-mobile-for-verification';
import { useMobileVerification } from '../api/mobile-verification';
import { PhoneFields } from './PhoneFields';
import { ResendCountdown } from './ResendCountdown';

/** A number becomes the profile's phone only once the code sent to it is confirmed. */
export function MobileVerification({ profile }: { profile: UserProfile }) {
  const send = useCheckMobileForVerification();
  const confirm = useMobileVerification();
  const [sentTo, setSentTo] = useState<{ countryCode: string; phone: string } | null>(null);
  const [restartKey, setRestartKey] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { countryCode: '+1', phone: '' },
    validate: schemaResolver(MobileVerificationRequestBody, { sync: true }),
  });

  const sendCode = form.onSubmit(async (values) => {
    try {
      const target = MobileVerificationRequestBody.parse(values);
      const response = await send.mutateAsync(values);
      toast.success(response.message);
      setSentTo(target);
      setRestartKey((k) => k + 1);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['countryCode', 'phone'] as const));
    }
  });

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (code.trim() === '') {
      setCodeError(MESSAGES.verificationCodeRequired);
      return;
    }
    try {
      const response = await confirm.mutateAsync({ ...sentTo, code: code.trim() });
      toast.success(response.message);
      setSentTo(null);
      setCode('');
      setCodeError(null);
      form.setValues({ countryCode: '+1', phone: '' });
    } catch (error) {
      setCodeError(serverFieldErrors(error, ['code'] as const).code ?? null);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={500}>Mobile number:</Text>
        <Text data-testid="profile-phone">{profile.phone ?? 'none'}</Text>
        {profile.phone && (
          <Badge color={profile.phoneVerified ? 'teal' : 'gray'} variant="light">
            {profile.phoneVerified ? 'Verified' : 'Not verified'}
          </Badge>
        )}
      </Group>
      {sentTo ? (
        <form onSubmit={verify} noValidate aria-label="Confirm mobile number">
          <Stack gap="sm">
            <Text size="sm">
              Enter the code we sent to {sentTo.countryCode} {sentTo.phone}.
            </Text>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                error={codeError}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setCodeError(null);
                }}
              />
              <Button type="submit" mt={25} loading={confirm.isPending}>
                Verify number
              </Button>
            </Group>
            <Group>
              <ResendCountdown
                seconds={OTP_RESEND_SECONDS}
                restartKey={restartKey}
                loading={send.isPending}
                onResend={() => {
                  send.mutateAsync(sentTo).then(
                    (r) => {
                      toast.success(r.message);
                      setRestartKey((k) => k + 1);
                    },
                    () => undefined,
                  );
                }}
              />
              <Button variant="subtle" size="compact-sm" onClick={() => setSentTo(null)}>
                Use another number
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate aria-label="New mobile number">
          <Stack gap="sm">
            <PhoneFields form={form} />
            <Button
              type="submit"
              variant="light"
              loading={send.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              Send verification code
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
