import { Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type AdminReason, REASON_KIND_LABELS, ReasonBody, type ReasonKind } from '@marquee/contract';
import { FormActions } from '../../../components/FormActions';
import { STATUS_OPTIONS } from '../../../components/status-options';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCreateReason } from '../api/create-reason';
import { useUpdateReason } from '../api/update-reason';

export const REASON_KIND_OPTIONS = Object.entries(REASON_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));

type Values = { kind: ReasonKind; text: string; status: 'ACTIVE' | 'INACTIVE'; order: number };

/** Add a reason (kind chosen here) or edit one (its kind stays). */
export function ReasonFormModal({
  reason,
  defaultKind,
  onClose,
}: {
  reason: AdminReason | 'new';
  defaultKind?: ReasonKind;
  onClose: () => void;
}) {
  const editing = reason === 'new' ? null : reason;
  const create = useCreateReason();
  const update = useUpdateReason();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      kind: editing?.kind ?? defaultKind ?? 'REFUND_REQUEST',
      text: editing?.text ?? '',
      status: editing?.status ?? 'ACTIVE',
      order: editing?.order ?? 0,
    },
    validate: schemaResolver(ReasonBody, { sync: true }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmLeave(onClose);
  const submit = submitWithServerErrors(form, async (values) => {
    if (editing) {
      await update.mutateAsync({
        reasonId: editing._id,
        text: values.text,
        status: values.status,
        order: values.order,
      });
    } else await create.mutateAsync(values);
    guard.release();
    onClose();
  });
  const title = editing ? 'Edit reason' : 'Add reason';
  return (
    <Modal opened onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Select
            label="Kind"
            data={REASON_KIND_OPTIONS}
            allowDeselect={false}
            disabled={editing !== null}
            {...form.getInputProps('kind')}
          />
          <TextInput label="Reason" required data-autofocus {...form.getInputProps('text')} />
          <Group grow align="flex-start">
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <NumberInput
              label="Order"
              description="Lower comes first"
              min={0}
              allowDecimal={false}
              {...form.getInputProps('order')}
            />
          </Group>
          <FormActions editing={!!editing} pending={create.isPending || update.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
