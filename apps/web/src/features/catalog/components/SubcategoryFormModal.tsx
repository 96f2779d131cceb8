import { Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Subcategory, SubcategoryBody } from '@marquee/contract';
import { FormActions } from '../../../components/FormActions';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useAssociableCategories } from '../api/associate-category-list';
import { useCreateSubcategory } from '../api/create-subcategory';
import { useUpdateSubcategory } from '../api/update-subcategory';
import { CatalogItemFields, type CatalogItemValues } from './CatalogItemFields';

interface Values extends CatalogItemValues {
  name: string;
  categoryIds: string[];
}

export function SubcategoryFormModal({
  subcategory,
  onClose,
}: {
  subcategory: Subcategory | 'new';
  onClose: () => void;
}) {
  const editing = subcategory === 'new' ? null : subcategory;
  const categories = useAssociableCategories(editing ? { subcategoryId: editing._id } : {});
  const create = useCreateSubcategory();
  const update = useUpdateSubcategory();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: editing?.name ?? '',
      image: editing?.image ?? null,
      thumbnail: editing?.thumbnail ?? null,
      status: editing?.status ?? 'ACTIVE',
      order: editing?.order ?? 0,
      categoryIds: editing?.categories.map((c) => c._id) ?? [],
    },
    validate: schemaResolver(SubcategoryBody, { sync: true }),
  });

  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmLeave(onClose);
  const submit = submitWithServerErrors(
    form,
    async ({ thumbnail: _t, ...values }) => {
      if (editing) await update.mutateAsync({ ...values, subcategoryId: editing._id });
      else await create.mutateAsync(values);
      guard.release();
      onClose();
    },
    { conflictField: 'name' },
  );

  return (
    <Modal opened onClose={close} title={editing ? 'Edit subcategory' : 'Add subcategory'} centered>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit subcategory' : 'Add subcategory'}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <MultiSelect
            label="Categories"
            description="A subcategory can belong to several categories"
            required
            searchable
            placeholder={form.values.categoryIds.length === 0 ? 'Choose categories' : undefined}
            data={(categories.data ?? []).map((c) => ({
              value: c._id,
              label: c.status === 'ACTIVE' ? c.name : `${c.name} (inactive)`,
            }))}
            {...form.getInputProps('categoryIds')}
          />
          <CatalogItemFields form={form} />
          <FormActions editing={!!editing} pending={create.isPending || update.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
