import { Stack, Text } from '@mantine/core';
import { eventWhen } from '../details/event-time';

/** An event's dates and times in its own zone, with the zone named under them. */
export function EventWhenText({
  startsAt,
  endsAt,
  timeZone,
  size = 'sm',
}: {
  startsAt: string | null;
  endsAt: string | null;
  timeZone: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const when = eventWhen(startsAt, endsAt, timeZone);
  if (!when)
    return (
      <Text size={size} c="dimmed">
        No dates yet
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size={size}>{when.dates}</Text>
      <Text size={size}>{when.times}</Text>
      <Text size="xs" c="dimmed" title={when.zoneName} data-testid="event-zone">
        {when.zone}
      </Text>
    </Stack>
  );
}
