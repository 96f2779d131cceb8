import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailForward, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { organizationPath } from '../../../app/paths';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { formatCompactDateTime } from '../../../lib/dates';
import { MemberEventsSection } from '../../events';
import { useDeleteMember } from '../api/delete-favorite-user';
import { memberDetailQuery } from '../api/favorite-user-detail';
import { useUpdateMemberStatus } from '../api/favorite-user-update-status';
import { useSendInvite } from '../api/send-invite';
import { MemberStatusBadge } from '../components/MemberStatusBadge';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** `/organizations/:organizationId/users/:memberId`: one member, their status, invitation and removal. */
export function MemberDetailsPage() {
  const { organizationId = '', memberId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(memberDetailQuery(memberId));
  const setStatus = useUpdateMemberStatus();
  const resend = useSendInvite();
  const remove = useDeleteMember();
  if (detail.isPending) return <PageLoader />;
  const m = detail.data;
  if (!m || m.organizationId !== organizationId) return <NotFoundMessage />;
  const name = `${m.firstName} ${m.lastName}`.trim() || m.email;
  const teamPath = organizationPath(organizationId, 'team');

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title={name}
        description={m.organizationName}
        back={{ to: teamPath, label: `the team of ${m.organizationName}` }}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Row label="Status">
            <MemberStatusBadge status={m.status} />
          </Row>
          <Row label="Email">{m.email}</Row>
          <Row label="Invited">{m.invitedAt ? formatCompactDateTime(m.invitedAt) : 'Not yet'}</Row>
          {m.status === 'INVITED' && m.invitationExpiresAt && (
            <Row label="Link expires">{formatCompactDateTime(m.invitationExpiresAt)}</Row>
          )}
          <Row label="Accepted">{m.acceptedAt ? formatCompactDateTime(m.acceptedAt) : 'Not yet'}</Row>
          <Group gap="sm" mt="md" wrap="wrap">
            {m.status === 'INVITED' ? (
              <Button
                leftSection={<IconMailForward size={16} />}
                loading={resend.isPending}
                onClick={() => resend.mutate({ memberId })}
              >
                {m.invitedAt ? 'Resend invitation' : 'Send invitation'}
              </Button>
            ) : (
              <Button
                variant={m.status === 'ACTIVE' ? 'default' : 'filled'}
                loading={setStatus.isPending}
                onClick={() =>
                  openConfirmAction({
                    title: m.status === 'ACTIVE' ? 'Deactivate member' : 'Activate member',
                    message:
                      m.status === 'ACTIVE'
                        ? `${name} loses access to ${m.organizationName} at once.`
                        : `${name} gets access to ${m.organizationName} again.`,
                    onConfirm: () =>
                      setStatus.mutateAsync({
                        memberId,
                        status: m.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                      }),
                  })
                }
              >
                {m.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() =>
                openConfirmAction({
                  title: 'Remove member',
                  message: `Remove ${name} from ${m.organizationName}? Their invitation link stops working.`,
                  danger: true,
                  onConfirm: async () => {
                    await remove.mutateAsync({ memberId });
                    navigate(teamPath);
                  },
                })
              }
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Paper>
      <MemberEventsSection memberId={m._id} />
    </Stack>
  );
}

export default MemberDetailsPage;
