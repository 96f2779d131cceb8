import { Anchor, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UpcomingEvent } from '@marquee/contract';
import { IconScan, IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListError } from '../../../components/ListError';
import { formatDayDate, formatTime } from '../../../lib/dates';
import { eventCheckInPath } from '../../check-in/paths';
import { eventOrdersPath } from '../../orders/paths';
import { upcomingEventsQuery } from '../api/dashboard-upcoming-event-list';
import { soldText } from '../format';

function UpcomingRow({ event }: { event: UpcomingEvent }) {
  const share = event.capacity ? Math.min(100, (event.sold / event.capacity) * 100) : 0;
  const sold = soldText(event.sold, event.capacity);
  return (
    <Stack
      gap={6}
      data-testid="upcoming-event"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Text>
          <Text size="sm" c="dimmed">
            {`${formatDayDate(event.startsAt, event.timeZone)} · ${formatTime(event.startsAt, event.timeZone)} · ${event.organization.name}`}
          </Text>
        </Stack>
        <Group gap="xs">
          {event.canReadOrders && (
            <Button
              component={Link}
              to={eventOrdersPath(event._id)}
              size="xs"
              variant="default"
              leftSection={<IconTicket size={14} aria-hidden />}
              aria-label={`Orders of ${event.title}`}
            >
              Orders
            </Button>
          )}
          {event.canScan && (
            <Button
              component={Link}
              to={eventCheckInPath(event._id)}
              size="xs"
              variant="default"
              leftSection={<IconScan size={14} aria-hidden />}
              aria-label={`Check-in of ${event.title}`}
            >
              Check-in
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {event.capacity !== null && (
          <Progress
            value={share}
            size="md"
            radius="xl"
            style={{ flex: 1 }}
            aria-label={`${event.title}: ${sold}`}
          />
        )}
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {sold}
        </Text>
      </Group>
    </Stack>
  );
}

/** The next events with how full they are and the quick links the caller may use. */
export function UpcomingEvents({ organizationId }: { organizationId: string | undefined }) {
  const query = useQuery(upcomingEventsQuery(organizationId));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="upcoming-events-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="md" id="upcoming-events-heading">
            Upcoming events
          </Title>
          {query.data && query.data.total > query.data.items.length && (
            <Anchor component={Link} to="/orders?tab=events" size="sm">
              {`All ${query.data.total}`}
            </Anchor>
          )}
        </Group>
        {query.isPending ? (
          <Stack gap="sm" data-testid="upcoming-loading">
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : query.isError ? (
          <ListError label="Upcoming events" error={query.error} onRetry={() => query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No upcoming events.
          </Text>
        ) : (
          query.data.items.map((event) => <UpcomingRow key={event._id} event={event} />)
        )}
      </Stack>
    </Paper>
  );
}
