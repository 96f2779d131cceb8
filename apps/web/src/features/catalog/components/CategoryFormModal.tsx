import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Category, CategoryBody, createCategory, updateCategory } from '@marquee/contract';
import { ImagePicker } from '../../../components/ImagePicker';
import { useRouteMutation } from '../../../lib/api-hooks';
import { serverFieldErrors } from '../../../lib/form-errors';
import { STATUS_OPTIONS } from './options';

interface Values {
  name: string;
  image: string | null;
  thumbnail: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  order: number;
}

const INVALIDATES = ['/api/v1/admin/category', '/api/v1/admin/subcategory'];

/** Create (no `category`) or edit a category: name, image, status, order. */
export function CategoryFormModal({
  category,
  onClose,
}: {
  category: Category | null | 'new';
  onClose: () => void;
}) {
  const editing = category && category !== 'new' ? category : null;
  const create = useRouteMutation(createCategory, { invalidates: INVALIDATES });
  const update = useRouteMutation(updateCategory, { invalidates: INVALIDATES });
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

  const submit = form.onSubmit(async ({ thumbnail: _t, ...values }) => {
    try {
      if (editing) await update.mutateAsync({ ...values, categoryId: editing._id });
      else await create.mutateAsync(values);
      onClose();
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['name', 'image', 'status', 'order'] as const));
    }
  });

  return (
    <Modal
      opened={category !== null}
      onClose={onClose}
      title={editing ? 'Edit category' : 'Add category'}
      centered
    >
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit category' : 'Add category'}>
        <Stack gap="md">
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <ImagePicker
            label="Image"
            value={form.values.image ? [{ url: form.values.image, thumbnailUrl: form.values.thumbnail }] : []}
            onChange={(images) => {
              form.setFieldValue('image', images[0]?.url ?? null);
              form.setFieldValue('thumbnail', images[0]?.thumbnailUrl ?? null);
            }}
            error={form.errors.image as string | undefined}
          />
          <Group grow align="flex-start">
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <NumberInput label="Order" min={0} allowDecimal={false} {...form.getInputProps('order')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
