import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { OrganizerRequestBody } from '@marquee/contract';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useOrganizerRequest } from '../api/organizer-request';

const FIELDS = ['organizationName', 'description', 'website', 'countryCode', 'phone'] as const;

/** What an administrator needs to approve a buyer as an organizer (docs/account.md). */
export function OrganizerRequestForm() {
  const send = useOrganizerRequest();
  const form = useForm({
    mode: 'controlled',
    initialValues: { organizationName: '', description: '', website: '', countryCode: '+1', phone: '' },
    validate: schemaResolver(OrganizerRequestBody, { sync: true }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await send.mutateAsync(values);
      toast.success(response.message);
    } catch (error) {
      form.setErrors(serverFieldErrors(error, FIELDS));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Organizer request">
      <Stack gap="sm">
        <TextInput label="Organization name" required {...form.getInputProps('organizationName')} />
        <Textarea
          label="What do you organize?"
          description="The events or classes you plan to sell tickets for."
          required
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <TextInput label="Website" placeholder="https://…" type="url" {...form.getInputProps('website')} />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Country code"
            w={110}
            required
            autoComplete="tel-country-code"
            {...form.getInputProps('countryCode')}
          />
          <TextInput
            label="Contact phone"
            inputMode="tel"
            autoComplete="tel-national"
            required
            style={{ flex: 1 }}
            {...form.getInputProps('phone')}
          />
        </Group>
        <Button type="submit" loading={send.isPending}>
          Send organizer request
        </Button>
      </Stack>
    </form>
  );
}
