import { Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Category, CategoryBody } from '@marquee/contract';
import { FormActions } from '../../../components/FormActions';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { CatalogItemFields, type CatalogItemValues } from './CatalogItemFields';

interface Values extends CatalogItemValues {
  name: string;
}

/** Create (no `category`) or edit a category: name, image, status, order. */
export function CategoryFormModal({
  category,
  onClose,
}: {
  category: Category | null | 'new';
  onClose: () => void;
}) {
  const editing = category && category !== 'new' ? category : null;
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: editing?.name ?? '',
      image: editing?.image ?? null,
      thumbnail: editing?.thumbnail ?? null,
      status: editing?.status ?? 'ACTIVE',
      order: editing?.order ?? 0,
    },
    validate: schemaResolver(CategoryBody, { sync: true }),
  });

  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmLeave(onClose);
  const submit = submitWithServerErrors(
    form,
    async ({ thumbnail: _t, ...values }) => {
      if (editing) await update.mutateAsync({ ...values, categoryId: editing._id });
      else await create.mutateAsync(values);
      guard.release();
      onClose();
    },
    { conflictField: 'name' },
  );

  return (
    <Modal
      opened={category !== null}
      onClose={close}
      title={editing ? 'Edit category' : 'Add category'}
      centered
    >
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit category' : 'Add category'}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <CatalogItemFields form={form} />
          <FormActions editing={!!editing} pending={create.isPending || update.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
