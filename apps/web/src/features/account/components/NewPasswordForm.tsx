import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PasswordResetBody } from '@marquee/contract';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { serverFieldErrors } from '../../../lib/form-errors';
import { clearPhone } from '../../../lib/storage';
import { toast } from '../../../lib/toasts';
import { usePasswordReset } from '../api/password-reset';

/** The last step of every reset (code or link) and of an invitation: a new password, twice. */
export function NewPasswordForm({
  token,
  submitLabel = 'Reset password',
}: {
  token: string;
  submitLabel?: string;
}) {
  const navigate = useNavigate();
  const reset = usePasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(PasswordResetBody, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await reset.mutateAsync(values);
      clearPhone();
      toast.success(response.message);
      navigate(PATHS.login, { replace: true });
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['password', 'confirmPassword'] as const));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
