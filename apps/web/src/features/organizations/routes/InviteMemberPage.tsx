import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AddMemberBody, INVITATION_DAYS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { organizationPath } from '../../../app/paths';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { useAddFavoriteUser } from '../api/add-favorite-user';
import { organizationDetailQuery } from '../api/get-organization-detail';
import { zodFieldErrors } from '../components/form-validation';

/** `/organizations/:organizationId/users/invite`: add a member by email and send the invitation. */
export function InviteMemberPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(organizationDetailQuery(organizationId));
  const add = useAddFavoriteUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: (v) => zodFieldErrors(AddMemberBody, { ...v, organizationId }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const submit = submitWithServerErrors(
    form,
    async (values) => {
      await add.mutateAsync({ ...values, organizationId, sendInvite: true });
      guard.release();
      navigate(organizationPath(organizationId, 'team'));
    },
    // Both conflicts of this call are about the address: already on the team, or the owner.
    { conflictField: 'email' },
  );
  if (detail.isPending) return <PageLoader />;
  if (!detail.data || detail.data.access === 'MEMBER') return <NotFoundMessage />;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title="Invite member"
        description={`Join ${detail.data.name}'s team`}
        back={{ to: organizationPath(organizationId, 'team'), label: detail.data.name }}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Invite member">
          <Stack gap="md">
            <TextInput
              label="Email address"
              type="email"
              required
              autoFocus
              {...form.getInputProps('email')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" {...form.getInputProps('firstName')} />
              <TextInput label="Last name" {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              We email a link that works for {INVITATION_DAYS} days. Someone new sets a password with it;
              someone who already has an account simply accepts.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(organizationPath(organizationId, 'team'))}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export default InviteMemberPage;
