import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChangePasswordBody } from '@marquee/contract';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPage() {
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(ChangePasswordBody, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await change.mutateAsync(values);
      toast.success(response.message);
      form.setValues(EMPTY);
      form.resetDirty();
    } catch (error) {
      form.setErrors(
        serverFieldErrors(error, ['currentPassword', 'newPassword', 'confirmPassword'] as const),
      );
    }
  });
  return (
    <Stack gap="lg" maw={520}>
      <title>Change password · Marquee</title>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Change password
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={handleSubmit} noValidate aria-label="Change password">
          <Stack gap="md">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
              Change password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
