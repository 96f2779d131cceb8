import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type AdminUserDetail, BLOCK_REASON_MAX, UpdateUserStatusBody } from '@marquee/contract';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useUpdateUserStatus } from '../api/update-user-status';
import { nameOf } from './labels';

interface Values {
  userId: string;
  status: 'ACTIVE' | 'BLOCKED';
  reason: string;
}

/**
 * Block (a reason is required: it is emailed to the person and kept in the audit log) or unblock a user.
 * The server's answer is toasted; its field errors land under Reason; the typed reason survives a failure.
 */
export function BlockUserModal({
  user,
  opened,
  onClose,
}: {
  user: AdminUserDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const blocking = user.status === 'ACTIVE';
  const action = blocking ? 'Block user' : 'Unblock user';
  const change = useUpdateUserStatus();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { userId: user._id, status: blocking ? 'BLOCKED' : 'ACTIVE', reason: '' },
    validate: schemaResolver(UpdateUserStatusBody, { sync: true }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () =>
    guard.confirmLeave(() => {
      form.reset();
      onClose();
    });
  const submit = submitWithServerErrors(form, async (values) => {
    await change.mutateAsync({ ...values, reason: values.reason.trim() || undefined });
    guard.release();
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={close} title={`${action}: ${nameOf(user)}`} centered>
      <form onSubmit={submit} noValidate aria-label={action}>
        <Stack gap="md">
          <Text size="sm">
            {blocking
              ? 'They are signed out on their next step everywhere and cannot sign in until unblocked. They get an email with the reason.'
              : 'They can sign in again; sessions from before the block stay ended. They get an email.'}
          </Text>
          <Textarea
            label="Reason"
            description={
              blocking ? 'Sent to the person and kept in the audit log.' : 'Optional; kept in the audit log.'
            }
            required={blocking}
            autosize
            minRows={3}
            maxLength={BLOCK_REASON_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={blocking ? 'red' : undefined} loading={change.isPending}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
