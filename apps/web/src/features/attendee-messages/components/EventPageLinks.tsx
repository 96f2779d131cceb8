import { Alert, Button, Stack, Text } from '@mantine/core';
import type { EventDetail } from '@marquee/contract';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EventToolCard } from '../../../components/EventToolCard';
import { recipientCountQuery } from '../api/attendee-message-recipient-count';
import { eventMessagesPath } from '../paths';
import { dateLabel } from './presets';

const attendees = (n: number | undefined) =>
  n === undefined ? 'the attendees' : `the ${n.toLocaleString('en-US')} attendee${n === 1 ? '' : 's'}`;

/** The event page's way to its messages. */
export function AttendeeMessagesCard({ eventId }: { eventId: string }) {
  return (
    <EventToolCard
      id="attendee-messages"
      title="Messages"
      description="Write to the people with tickets: everyone, one date, some ticket types or chosen orders."
      to={eventMessagesPath(eventId)}
      action="Messages to attendees"
      icon={<IconMail size={16} aria-hidden />}
    />
  );
}

/** In the cancellation notice: a prepared message to everyone who holds a ticket. */
export function CancellationMessageButton({ eventId }: { eventId: string }) {
  const count = useQuery(recipientCountQuery({ eventId, audience: 'ALL' }));
  if (count.data?.recipients === 0) return null;
  return (
    <Button
      component={Link}
      to={eventMessagesPath(eventId, { preset: 'cancelled' })}
      size="xs"
      mt="xs"
      variant="white"
      color="red"
      leftSection={<IconMail size={14} aria-hidden />}
    >
      {`Message ${attendees(count.data?.recipients)}`}
    </Button>
  );
}

function DateChangeLink({ event, occurrenceId }: { event: EventDetail; occurrenceId: string }) {
  const count = useQuery(recipientCountQuery({ eventId: event._id, audience: 'OCCURRENCE', occurrenceId }));
  const date = event.occurrences.find((o) => o._id === occurrenceId);
  if (!date || count.data?.recipients === 0) return null;
  return (
    <Button
      component={Link}
      to={eventMessagesPath(event._id, { preset: 'date-change', occurrenceId })}
      size="xs"
      variant="white"
      leftSection={<IconMail size={14} aria-hidden />}
    >
      {`Message ${attendees(count.data?.recipients)} of ${dateLabel(date.startsAt, event.timeZone)}`}
    </Button>
  );
}

/** After an edit that moved dates people hold tickets for: a prepared message per moved date. */
export function DateChangeNotice({ event, occurrenceIds }: { event: EventDetail; occurrenceIds: string[] }) {
  if (occurrenceIds.length === 0) return null;
  return (
    <Alert color="blue" title="A date with tickets sold has moved" data-testid="date-change-notice">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Tell the people who hold tickets for it; the message is prepared for you to check.
        </Text>
        {occurrenceIds.map((id) => (
          <DateChangeLink key={id} event={event} occurrenceId={id} />
        ))}
      </Stack>
    </Alert>
  );
}

/** The dates of `before` whose time changed in `after` and that had tickets sold. */
export function movedDates(
  before: Pick<EventDetail, 'occurrences'> | null | undefined,
  after: Pick<EventDetail, 'occurrences'>,
): string[] {
  if (!before) return [];
  const was = new Map(before.occurrences.map((o) => [o._id, o]));
  return after.occurrences
    .filter((o) => {
      const old = was.get(o._id);
      return !!old && old.sold > 0 && Date.parse(old.startsAt) !== Date.parse(o.startsAt);
    })
    .map((o) => o._id);
}
