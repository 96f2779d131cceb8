import {
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type CatalogRequest,
  CategoryRequestBody,
  type RequestKind,
  SubcategoryRequestBody,
  tagRequest,
} from '@marquee/contract';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useCategoryOptions } from '../../catalog';
import { useSendCatalogRequest } from '../api/send-catalog-request';

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  CATEGORY: 'Category',
  SUBCATEGORY: 'Subcategory',
  TAG: 'Tag',
};

const SCHEMAS = { CATEGORY: CategoryRequestBody, SUBCATEGORY: SubcategoryRequestBody, TAG: tagRequest.body };

interface Values {
  kind: RequestKind;
  name: string;
  categoryIds: string[];
  note: string;
}

/**
 * An organizer's request for a new category, subcategory (in chosen categories) or tag. Reusable: the
 * requests screen opens it in a modal, and the event form will open it the same way (`kinds` narrows the
 * choice, `onSent` receives the pending request).
 */
export function CatalogRequestForm({
  defaultKind = 'CATEGORY',
  kinds = ['CATEGORY', 'SUBCATEGORY', 'TAG'],
  defaultName = '',
  onSent,
  onCancel,
}: {
  defaultKind?: RequestKind;
  kinds?: readonly RequestKind[];
  defaultName?: string;
  onSent?: (request: CatalogRequest) => void;
  onCancel?: () => void;
}) {
  const send = useSendCatalogRequest();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { kind: defaultKind, name: defaultName, categoryIds: [], note: '' },
    validate: (values) => schemaResolver(SCHEMAS[values.kind], { sync: true })(values),
  });
  const kind = form.values.kind;
  const categories = useCategoryOptions({ enabled: kind === 'SUBCATEGORY' });

  const guard = useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(
    form,
    async (values) => {
      const note = values.note.trim() ? values.note : undefined;
      const { result } =
        values.kind === 'SUBCATEGORY'
          ? await send.SUBCATEGORY.mutateAsync({ name: values.name, categoryIds: values.categoryIds, note })
          : await send[values.kind].mutateAsync({ name: values.name, note });
      guard.release();
      form.reset();
      onSent?.(result);
    },
    // Both refusals of a request name the name: the item exists already, or is already requested.
    { conflictField: 'name' },
  );
  const label = REQUEST_KIND_LABELS[kind].toLowerCase();

  return (
    <form onSubmit={submit} noValidate aria-label="Request a catalog item">
      <Stack gap="md">
        {kinds.length > 1 && (
          <SegmentedControl
            aria-label="What to request"
            data={kinds.map((k) => ({ value: k, label: REQUEST_KIND_LABELS[k] }))}
            {...form.getInputProps('kind')}
            onChange={(value) => {
              form.setFieldValue('kind', value as RequestKind);
              form.clearErrors();
            }}
          />
        )}
        <TextInput
          label={`${REQUEST_KIND_LABELS[kind]} name`}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        {kind === 'SUBCATEGORY' && (
          <MultiSelect
            label="Parent categories"
            description="The categories it belongs to; an administrator can change them when approving."
            placeholder="Choose categories"
            searchable
            data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            {...form.getInputProps('categoryIds')}
          />
        )}
        <Textarea
          label="Note for the administrators"
          description={`Why you need this ${label} (optional).`}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <Text size="xs" c="dimmed">
          An administrator reviews your request; you can follow it on the Catalog requests page.
        </Text>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={() => guard.confirmLeave(onCancel)}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={send[kind].isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
