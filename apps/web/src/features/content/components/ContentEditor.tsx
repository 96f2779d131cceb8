import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ContentBody as ContentBodySchema, type ContentPage } from '@marquee/contract';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { formatCompactDateTime } from '../../../lib/dates';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useSaveContent } from '../api/update-content-detail';
import { ContentBody } from './ContentBody';

/** Title and body of one page, with a live preview rendered exactly like the public page. */
export function ContentEditor({ page }: { page: ContentPage }) {
  const save = useSaveContent();
  const form = useForm({
    mode: 'controlled',
    initialValues: { key: page.key, title: page.title, body: page.body },
    validate: schemaResolver(ContentBodySchema, { sync: true }),
  });
  useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(form, async (values) => {
    const { result } = await save.mutateAsync(values);
    form.resetDirty({ key: result.key, title: result.title, body: result.body });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${page.title}`}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea
            label="Body"
            description="Plain text. Leave a blank line between paragraphs."
            required
            autosize
            minRows={12}
            maxRows={30}
            {...form.getInputProps('body')}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              Last saved {formatCompactDateTime(page.updatedAt)}
            </Text>
            <Group gap="sm">
              <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                Discard changes
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Preview
          </Text>
          <Paper withBorder p="lg" radius="md" aria-label="Preview" component="section">
            <ContentBody title={form.values.title} body={form.values.body} />
          </Paper>
        </Stack>
      </SimpleGrid>
    </form>
  );
}
