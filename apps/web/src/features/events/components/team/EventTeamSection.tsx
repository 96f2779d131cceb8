import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { EventDetail, EventTeamMember } from '@marquee/contract';
import { IconUserMinus, IconUsersPlus } from '@tabler/icons-react';
import { openConfirmAction } from '../../../../components/ConfirmAction';
import { useUnlinkEventMember } from '../../api/unlink-user-from-event';
import { openAssignTeam } from './AssignTeamModal';

const ROLE_TITLES = { EVENT_ORGANIZER: 'Event organizers', SCANNER: 'Ticket scanners' } as const;

/** The event's organizers and scanners; owners and administrators assign and unlink them. */
export function EventTeamSection({ event, canEdit }: { event: EventDetail; canEdit: boolean }) {
  const unlink = useUnlinkEventMember();
  const remove = (m: EventTeamMember) =>
    openConfirmAction({
      title: 'Unlink member',
      message: `Take ${m.name} off "${event.title}"? They lose both their roles on this event.`,
      danger: true,
      onConfirm: () => unlink.mutateAsync({ eventId: event._id, memberId: m._id }),
    });
  return (
    <Stack gap="sm" component="section" aria-labelledby="team-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="team-title">
          Team
        </Title>
        {canEdit && (
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={16} />}
            onClick={() => openAssignTeam(event)}
          >
            Assign team
          </Button>
        )}
      </Group>
      {(['EVENT_ORGANIZER', 'SCANNER'] as const).map((role) => {
        const members = event.team.filter((m) => m.role === role);
        return (
          <Stack key={role} gap={6}>
            <Text size="sm" fw={600} c="dimmed">
              {ROLE_TITLES[role]}
            </Text>
            {members.length === 0 && (
              <Text size="sm" c="dimmed">
                Nobody yet.
              </Text>
            )}
            {members.map((m) => (
              <Paper key={`${role}-${m._id}`} withBorder radius="sm" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {m.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    {m.memberStatus !== 'ACTIVE' && (
                      <Badge color="gray" variant="light" tt="none">
                        {m.memberStatus === 'INVITED' ? 'Invited' : 'Inactive'}
                      </Badge>
                    )}
                    {canEdit && (
                      <Tooltip label="Unlink">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Unlink ${m.name}`}
                          onClick={() => remove(m)}
                        >
                          <IconUserMinus size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
