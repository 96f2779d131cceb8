import { Group, NumberInput, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ImagePicker } from '../../../components/ImagePicker';
import { STATUS_OPTIONS } from '../../../components/status-options';

/** What categories and subcategories both have besides their name. */
export interface CatalogItemValues {
  image: string | null;
  thumbnail: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  order: number;
}

/** Image, status and display order: the fields a category and a subcategory share. */
export function CatalogItemFields<V extends CatalogItemValues>({ form }: { form: UseFormReturnType<V> }) {
  // Mantine's form API is typed by path strings; the shared fields exist on every V.
  const shared = form as unknown as UseFormReturnType<CatalogItemValues>;
  return (
    <>
      <ImagePicker
        label="Image"
        value={
          shared.values.image ? [{ url: shared.values.image, thumbnailUrl: shared.values.thumbnail }] : []
        }
        onChange={(images) => {
          shared.setFieldValue('image', images[0]?.url ?? null);
          shared.setFieldValue('thumbnail', images[0]?.thumbnailUrl ?? null);
        }}
        error={shared.errors.image as string | undefined}
      />
      <Group grow align="flex-start">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          {...shared.getInputProps('status')}
        />
        <NumberInput label="Order" min={0} allowDecimal={false} {...shared.getInputProps('order')} />
      </Group>
    </>
  );
}
