import '../../../styles/mantine-all.css';
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChangePasswordBody } from '@marquee/contract';
import { PageHeader } from '../../../components/PageHeader';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
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
  useUnsavedChangesGuard(form.isDirty());
  const handleSubmit = submitWithServerErrors(form, async (values) => {
    const response = await change.mutateAsync(values);
    toast.success(response.message);
    form.setValues(EMPTY);
    form.resetDirty(EMPTY);
  });
  return (
    <Stack gap="lg" maw={520}>
      <PageHeader title="Change password" description="Choose a new password for signing in." />
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
