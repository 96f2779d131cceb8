import { Anchor, Badge, Button, FileButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DOCUMENT_MIME_TYPES,
  NonProfitBody,
  type NonProfitStatus,
  type UserProfile,
} from '@marquee/contract';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useUpdateNonProfit } from '../api/update-non-profit';
import { useUploadDocument } from '../api/upload-document';

/** Chooses one PDF or image, uploads it at once and shows its name with a link to view it. */
function DocumentField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const upload = useUploadDocument();
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function pick(file: File | null) {
    if (!file) return;
    setProblem(null);
    try {
      const result = await upload.mutateAsync(file);
      setFileName(result.fileName);
      onChange(result.url);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'The document could not be uploaded.');
    }
  }
  return (
    <Input.Wrapper
      label="Supporting document"
      description="The registration certificate or tax exemption letter: a PDF, JPEG or PNG."
      error={problem ?? error}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        <FileButton onChange={pick} accept={DOCUMENT_MIME_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileUpload size={18} />}
              loading={upload.isPending}
              data-testid="non-profit-document"
            >
              {value ? 'Replace file' : 'Choose file'}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {fileName ?? 'Document on file'} ·{' '}
            <Anchor href={value} target="_blank" rel="noopener noreferrer">
              View
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No file chosen
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}

const STATUS: Record<NonProfitStatus, { label: string; color: string }> = {
  NONE: { label: 'Not requested', color: 'gray' },
  PENDING: { label: 'Pending review', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

export function NonProfitSection({ profile }: { profile: UserProfile }) {
  const detail = profile.nonProfit;
  const status = detail?.status ?? 'NONE';
  const submit = useUpdateNonProfit();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      legalName: detail?.legalName ?? '',
      registrationNumber: detail?.registrationNumber ?? '',
      documentUrl: detail?.documentUrl ?? '',
    },
    validate: schemaResolver(NonProfitBody, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await submit.mutateAsync(values);
      toast.success(response.message);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, ['legalName', 'registrationNumber', 'documentUrl'] as const));
    }
  });
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={500}>Status:</Text>
        <Badge color={STATUS[status].color} variant="light" data-testid="non-profit-status">
          {STATUS[status].label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        An approved non-profit organization pays no platform service fee. An administrator reviews each
        request.
      </Text>
      {status !== 'APPROVED' && (
        <form onSubmit={handleSubmit} noValidate aria-label="Non-profit exemption">
          <Stack gap="sm">
            <TextInput label="Organization legal name" {...form.getInputProps('legalName')} />
            <TextInput label="Registration or tax number" {...form.getInputProps('registrationNumber')} />
            <DocumentField
              value={form.values.documentUrl}
              onChange={(url) => form.setFieldValue('documentUrl', url)}
              error={form.errors.documentUrl as string | undefined}
            />
            <Button
              type="submit"
              variant="light"
              loading={submit.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {status === 'NONE' ? 'Request exemption' : 'Send again'}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
