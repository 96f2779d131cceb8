import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Tag, TagBody } from '@marquee/contract';
import { FormActions } from '../../../components/FormActions';
import { STATUS_OPTIONS } from '../../../components/status-options';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';

export function TagFormModal({ tag, onClose }: { tag: Tag | 'new'; onClose: () => void }) {
  const editing = tag === 'new' ? null : tag;
  const create = useCreateTag();
  const update = useUpdateTag();
  const form = useForm<{ name: string; status: 'ACTIVE' | 'INACTIVE' }>({
    mode: 'controlled',
    initialValues: { name: editing?.name ?? '', status: editing?.status ?? 'ACTIVE' },
    validate: schemaResolver(TagBody, { sync: true }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmLeave(onClose);
  const submit = submitWithServerErrors(
    form,
    async (values) => {
      if (editing) await update.mutateAsync({ ...values, tagId: editing._id });
      else await create.mutateAsync(values);
      guard.release();
      onClose();
    },
    { conflictField: 'name' },
  );
  return (
    <Modal opened onClose={close} title={editing ? 'Edit tag' : 'Add tag'} centered>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit tag' : 'Add tag'}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <FormActions editing={!!editing} pending={create.isPending || update.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
