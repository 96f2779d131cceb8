import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EventDetail, Occurrence } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { eventWhen } from './event-time';

function OccurrenceRow({
  occurrence,
  zone,
  highlighted,
  perCourse,
}: {
  occurrence: Occurrence;
  zone: string | null;
  highlighted: boolean;
  /** A course's tickets cover every session, so a session has no sales of its own to show. */
  perCourse: boolean;
}) {
  const when = eventWhen(occurrence.startsAt, occurrence.endsAt, zone);
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="occurrence"
      aria-current={highlighted ? 'true' : undefined}
      bg={highlighted ? 'var(--mantine-color-blue-light)' : undefined}
      id={`session-${occurrence._id}`}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {when?.dates}
          </Text>
          <Text size="sm">{when?.times}</Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {occurrence.status === 'CANCELLED' && (
            <Badge color="red" variant="light" tt="none">
              Cancelled
            </Badge>
          )}
          <Badge color={occurrence.visibility === 'PUBLIC' ? 'teal' : 'gray'} variant="light" tt="none">
            {occurrence.visibility === 'PUBLIC' ? 'Public' : 'Private'}
          </Badge>
          {!perCourse && (
            <Text size="sm">
              {occurrence.capacity === null
                ? `${occurrence.sold} sold`
                : `${occurrence.sold} of ${occurrence.capacity} sold`}
            </Text>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The dates (sessions of a class) as a calendar list by month, in the event's zone. */
export function OccurrenceList({ event, highlightId }: { event: EventDetail; highlightId?: string | null }) {
  const zone = event.timeZone ?? 'UTC';
  const months = new Map<string, Occurrence[]>();
  for (const o of [...event.occurrences].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a._id.localeCompare(b._id),
  )) {
    const month = formatInZone(o.startsAt, 'MMMM yyyy', zone);
    months.set(month, [...(months.get(month) ?? []), o]);
  }
  const first = event.occurrences[0];
  const perCourse = event.kind === 'CLASS' && event.classType?.bookingMode === 'COURSE';
  const zoneText = first ? eventWhen(first.startsAt, null, zone)?.zone : zone;
  return (
    <Stack gap="sm" component="section" aria-labelledby="occurrences-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="occurrences-title">
          {event.kind === 'CLASS' ? 'Sessions' : event.kind === 'MULTI' ? 'Dates' : 'Date'}
        </Title>
        {/* Without dates there is no time to name a zone for. */}
        {first && <Text size="xs" c="dimmed">{`Times in ${zoneText}`}</Text>}
      </Group>
      {perCourse && event.occurrences.length > 0 && (
        <Text size="sm" data-testid="course-note">
          {`One course ticket covers ${event.occurrences.length === 1 ? 'the session' : `all ${event.occurrences.length} sessions`}: ${event.sold} sold${event.capacity === null ? '' : ` of ${event.capacity}`}.`}
        </Text>
      )}
      {event.occurrences.length === 0 && (
        <Text size="sm" c="dimmed">
          No dates yet.
        </Text>
      )}
      {[...months].map(([month, occurrences]) => (
        <Stack key={month} gap={6}>
          <Text size="sm" fw={600} c="dimmed">
            {month}
          </Text>
          {occurrences.map((o) => (
            <OccurrenceRow
              key={o._id}
              occurrence={o}
              zone={zone}
              highlighted={o._id === highlightId}
              perCourse={perCourse}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
