import { Anchor, Badge, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListError } from '../../../components/ListError';
import { formatDate } from '../../../lib/dates';
import { organizationPath } from '../../organizations/paths';
import { useUserOrganizations } from '../api/get-user-organizer-list';

const ROLE_WORDS: Record<string, string> = { EVENT_ORGANIZER: 'Event organizer', SCANNER: 'Scanner' };

/** The organizations the user owns, then those they were invited into, with their state and events. */
export function OrganizationsTab({ userId }: { userId: string }) {
  const query = useUserOrganizations(userId);
  if (query.error) {
    return <ListError label="Organizations" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return (
      <Center py="xl" role="status" aria-label="Loading organizations">
        <Loader />
      </Center>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text c="dimmed" py="md">
        This user neither owns nor belongs to an organization.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="user-organizations">
      {query.data.map((o) => (
        <Paper key={`${o.relation}-${o._id}`} withBorder radius="md" p="md">
          <Stack gap={6}>
            <Anchor
              component={Link}
              to={organizationPath(o._id)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {o.name}
            </Anchor>
            <Group gap="xs">
              <Badge variant="light" color={o.relation === 'OWNER' ? 'blue' : 'gray'} tt="none">
                {o.relation === 'OWNER' ? 'Owner' : 'Member'}
              </Badge>
              <EnumBadge value={o.status} />
              {o.eventRoles.map((role) => (
                <Badge key={role} variant="outline" color="gray" tt="none">
                  {ROLE_WORDS[role] ?? role}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {`${o.eventCount} event${o.eventCount === 1 ? '' : 's'} · ${o.currency} · since ${formatDate(o.since)}`}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
