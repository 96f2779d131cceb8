// Shown after the dashboard's first paint, which carries only the admin layout's part of Mantine's
// styles (styles/mantine-console.css): the rows bring the whole stylesheet, so a component they start
// using is styled, and the next screen finds it loaded (docs/performance.md, "The bench, fourth round").
import '../../../styles/mantine-all.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { UpcomingEvent } from '@marquee/contract';
import { IconScan, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDayDate, formatTime } from '../../../lib/dates';
import { eventCheckInPath } from '../../check-in/paths';
import { eventOrdersPath } from '../../orders/paths';
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

/** The upcoming events' rows (their own chunk: the dates' formatting is not needed for the first paint). */
export function UpcomingRows({ events }: { events: UpcomingEvent[] }) {
  return events.map((event) => <UpcomingRow key={event._id} event={event} />);
}
