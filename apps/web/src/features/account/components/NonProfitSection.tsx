import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { NonProfitBody, type NonProfitStatus, type UserProfile } from '@marquee/contract';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useUpdateNonProfit } from '../api/update-non-profit';

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
            <TextInput
              label="Supporting document URL"
              description="A link to the registration certificate or tax exemption letter."
              placeholder="https://…"
              {...form.getInputProps('documentUrl')}
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
