import '../../../styles/mantine-all.css';
import { Alert, Anchor, Button, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ForgotPasswordBody } from '@marquee/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useForgotPassword } from '../api/forgot-password';
import { AccountHeading } from '../components/AccountHeading';
import { PhoneFields } from '../components/PhoneFields';
import { rememberPhone } from '../phone-storage';

type Values = { method: 'MOBILE' | 'EMAIL'; countryCode: string; phone: string; email: string };

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { method: 'MOBILE', countryCode: '+1', phone: '', email: '' },
    validate: schemaResolver(ForgotPasswordBody, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    const body = ForgotPasswordBody.parse(values);
    try {
      const response = await forgot.mutateAsync(values);
      toast.success(response.message);
      if (body.method === 'MOBILE') {
        rememberPhone(body.countryCode, body.phone);
        navigate(PATHS.otpVerification);
      } else {
        setSentTo(body.email);
      }
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['countryCode', 'phone', 'email'] as const));
    }
  });

  return (
    <Stack gap="lg">
      <AccountHeading title="Forgot password">
        We send a code to your verified mobile number, or a reset link to your email address.
      </AccountHeading>
      {sentTo ? (
        <Alert color="teal" title="Check your inbox">
          If an account uses {sentTo}, it has an email with a link to choose a new password. The link works
          once, for one hour.
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-label="Forgot password">
          <Stack gap="md">
            <SegmentedControl
              fullWidth
              data={[
                { value: 'MOBILE', label: 'Mobile number' },
                { value: 'EMAIL', label: 'Email address' },
              ]}
              {...form.getInputProps('method')}
            />
            {form.values.method === 'MOBILE' ? (
              <PhoneFields form={form} />
            ) : (
              <TextInput
                label="Email address"
                placeholder="you@example.com"
                type="email"
                autoComplete="email"
                {...form.getInputProps('email')}
              />
            )}
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {form.values.method === 'MOBILE' ? 'Send code' : 'Send reset link'}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.login} size="sm" ta="center">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
