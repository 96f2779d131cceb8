import { Anchor, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { EVENT_STATUS_LABELS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../../../components/ListError';
import { memberEventsQuery } from '../../api/favorite-user-event-list';
import { eventDetailsPath } from '../../paths';
import { EventWhenText } from '../list/EventWhenText';

const ROLE = { EVENT_ORGANIZER: 'Event organizer', SCANNER: 'Scanner' } as const;

/** A member's events and their role on each (`favorite-user-event-list`), for the member's page. */
export function MemberEventsSection({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const events = useQuery(memberEventsQuery(memberId, page));
  const pages = Math.max(1, Math.ceil((events.data?.total ?? 0) / 10));
  return (
    <Stack gap="sm" component="section" aria-labelledby="member-events-title">
      <Title order={2} size="h4" id="member-events-title">
        Events
      </Title>
      {events.error ? (
        <ListError label="Events" error={events.error} onRetry={() => void events.refetch()} />
      ) : events.data?.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not assigned to any event yet.
        </Text>
      ) : (
        events.data?.items.map(({ event, role }) => (
          <Paper key={`${event._id}-${role}`} withBorder radius="sm" p="xs">
            <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={eventDetailsPath(event._id, event.kind)} fw={500}>
                  {event.title}
                </Anchor>
                <Text size="xs" c="dimmed">{`${ROLE[role]} · ${EVENT_STATUS_LABELS[event.status]}`}</Text>
              </Stack>
              <EventWhenText startsAt={event.startsAt} endsAt={null} timeZone={event.timeZone} size="xs" />
            </Group>
          </Paper>
        ))
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
