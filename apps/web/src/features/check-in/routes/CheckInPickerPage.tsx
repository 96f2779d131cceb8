import {
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CheckInEvent } from '@marquee/contract';
import { IconScan, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { checkInEventListQuery } from '../api/check-in-event-list';
import { dateLabel, eventZone, isToday } from '../components/event-dates';
import { eventCheckInPath } from '../paths';

/** The date a card names: the first not yet over, else the last one. */
function nextDateOf(event: CheckInEvent, now: Date = new Date()) {
  const upcoming = event.occurrences.find((o) => new Date(o.endsAt).getTime() >= now.getTime());
  return upcoming ?? event.occurrences.at(-1) ?? null;
}

function EventCard({ event }: { event: CheckInEvent }) {
  const zone = eventZone(event);
  const next = nextDateOf(event);
  return (
    <Card withBorder radius="md" padding="md" data-testid="check-in-event">
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          {next && isToday(next.startsAt, zone) && (
            // Never squeezed to "T…" by a long title.
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              Today
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {event.organization.name}
        </Text>
        <Text size="sm" data-testid="check-in-event-date">
          {next ? dateLabel(next.startsAt, zone) : 'No dates'}
          {event.occurrences.length > 1 ? ` · ${event.occurrences.length} dates` : ''}
        </Text>
        <Button
          component={Link}
          to={eventCheckInPath(event._id, event.defaultOccurrenceId)}
          leftSection={<IconScan size={18} aria-hidden />}
          mt="auto"
          size="lg"
        >
          Open check-in
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * `/orders/check-in`: the events the caller may check in, today's and upcoming first. A scanner with a
 * single event goes straight to it (`?list=1` shows the list anyway, for the way back).
 */
export function CheckInPickerPage() {
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [past, setPast] = useState(false);
  const events = useQuery(checkInEventListQuery({ search: debounced, past }));
  const narrowed = debounced !== '' || past;

  if (events.isPending) return <PageLoader label="Loading your events" />;
  const list = events.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  if (only && !narrowed && params.get('list') !== '1')
    return <Navigate to={eventCheckInPath(only._id, only.defaultOccurrenceId)} replace />;

  return (
    <Stack gap="lg">
      <PageHeader title="Check-in" description="Choose the event to check people in at the door." />
      <Group gap="md" wrap="wrap" align="center">
        <TextInput
          aria-label="Search events"
          placeholder="Search events"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Checkbox
          label="Include past events"
          checked={past}
          onChange={(e) => setPast(e.currentTarget.checked)}
        />
      </Group>
      {events.isError && !events.data ? (
        <ListError label="Events" error={events.error} onRetry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed" ta="center" data-testid="empty-state">
            {narrowed
              ? 'No events match. Clear the search, or include past events.'
              : 'No events to check in today or coming up. Published events you may scan appear here.'}
          </Text>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={events.isFetching}>
          {list.map((event) => (
            <EventCard key={event._id} event={event} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export default CheckInPickerPage;
