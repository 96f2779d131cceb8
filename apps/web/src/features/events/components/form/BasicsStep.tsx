import { Alert, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DUPLICATE_TITLE_MESSAGE, EVENT_LIMITS } from '@marquee/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ImagePicker } from '../../../../components/ImagePicker';
import { useDuplicateTitle } from '../../api/duplicate-title';
import type { StepProps } from './types';

/** Who runs it, what it is called and about, where it is listed, and its picture. */
export function BasicsStep({ form, options, eventId }: StepProps) {
  const v = form.values;
  const duplicate = useDuplicateTitle(v.organizationId, v.title, eventId);
  const category = options.categories.find((c) => c._id === v.categoryId);
  return (
    <Stack gap="md">
      <Select
        label="Organization"
        placeholder="Choose the organization"
        required
        searchable
        data={options.organizations.map((o) => ({ value: o._id, label: o.name }))}
        // The organization of a saved event never changes: its tickets are in that currency.
        disabled={!!eventId}
        nothingFoundMessage="You manage no organization"
        {...form.getInputProps('organizationId')}
      />
      <div>
        <TextInput
          label="Title"
          required
          maxLength={EVENT_LIMITS.titleMax}
          {...form.getInputProps('title')}
          aria-describedby={duplicate ? 'duplicate-title-warning' : undefined}
        />
        <div aria-live="polite">
          {duplicate && (
            // Dark text on a light tint: a warning, not an error (the title may still be kept).
            <Alert
              id="duplicate-title-warning"
              color="orange"
              variant="light"
              mt={6}
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden />}
            >
              {DUPLICATE_TITLE_MESSAGE}
            </Alert>
          )}
        </div>
      </div>
      <Textarea
        label="Description"
        required
        autosize
        minRows={4}
        maxRows={14}
        maxLength={EVENT_LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Category"
          placeholder="Choose a category"
          required
          searchable
          data={options.categories.map((c) => ({ value: c._id, label: c.name }))}
          {...form.getInputProps('categoryId')}
          onChange={(value) => {
            form.setFieldValue('categoryId', value);
            // A subcategory belongs to one category.
            form.setFieldValue('subcategoryId', null);
          }}
        />
        <Select
          label="Subcategory"
          placeholder={category ? 'Choose a subcategory' : 'Choose a category first'}
          searchable
          clearable
          disabled={!category || category.subcategories.length === 0}
          data={(category?.subcategories ?? []).map((s) => ({ value: s._id, label: s.name }))}
          {...form.getInputProps('subcategoryId')}
        />
      </SimpleGrid>
      <MultiSelect
        label="Tags"
        placeholder="Choose tags"
        searchable
        maxValues={EVENT_LIMITS.maxTags}
        description={`Up to ${EVENT_LIMITS.maxTags}`}
        data={options.tags.map((t) => ({ value: t._id, label: t.name }))}
        {...form.getInputProps('tagIds')}
      />
      <ImagePicker
        label="Image"
        description="Shown in lists and on the event's page."
        limit={options.imageLimit}
        value={v.images.map((url) => ({ url }))}
        onChange={(images) =>
          form.setFieldValue(
            'images',
            images.map((i) => i.url),
          )
        }
        error={form.errors.images as string | undefined}
      />
    </Stack>
  );
}
