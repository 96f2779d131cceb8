import { Anchor, AspectRatio, Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicEvent, PublicOccurrence } from '@marquee/contract';
import { IconBuilding, IconCalendarEvent, IconMapPin, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dateRange, zoneNote } from '../model/when';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="span" c="dimmed" mt={2} aria-hidden style={{ display: 'flex' }}>
        {icon}
      </Text>
      <div>{children}</div>
    </Group>
  );
}

/** The event: image, title, when (in its own zone, saying which), where, who organizes it, what it is. */
export function EventSummary({
  event,
  occurrence,
}: {
  event: PublicEvent;
  occurrence: PublicOccurrence | null;
}) {
  const startsAt = occurrence?.startsAt ?? event.startsAt;
  const endsAt = occurrence?.endsAt ?? event.endsAt;
  const place = event.location;
  return (
    <Stack gap="md">
      {event.image && (
        <AspectRatio ratio={16 / 9}>
          {/* The page's largest paint when there is one: asked for before the page's other files. */}
          <Image src={event.image} alt="" radius="md" fetchPriority="high" />
        </AspectRatio>
      )}
      <Stack gap={6}>
        {event.category && (
          <Badge variant="light" w="fit-content">
            {event.category.name}
          </Badge>
        )}
        <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2}>
          {event.title}
        </Title>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Fact icon={<IconCalendarEvent size={18} />}>
            <Text fw={600} data-testid="event-when">
              {dateRange(startsAt, endsAt, event.timeZone)}
            </Text>
            {event.occurrences.length > 1 && !occurrence && (
              <Text size="sm">{event.occurrences.length} dates, choose one below</Text>
            )}
            <Text size="sm" c="dimmed" data-testid="event-zone">
              {zoneNote(event.timeZone, startsAt)}
            </Text>
          </Fact>
          {place?.type === 'ONLINE' ? (
            <Fact icon={<IconWorld size={18} />}>
              <Text fw={600}>Online event</Text>
              <Text size="sm" c="dimmed">
                The link is in your confirmation.
              </Text>
            </Fact>
          ) : (
            (event.venueName || place?.address) && (
              <Fact icon={<IconMapPin size={18} />}>
                {event.venueName && <Text fw={600}>{event.venueName}</Text>}
                {place?.address && (
                  <Text size="sm" c="dimmed">
                    {place.address}
                  </Text>
                )}
              </Fact>
            )
          )}
          <Fact icon={<IconBuilding size={18} />}>
            <Text size="sm">
              Organized by <strong>{event.organization.name}</strong>
            </Text>
          </Fact>
        </Stack>
      </Paper>
      {place?.type === 'VENUE' && place.latitude !== null && place.longitude !== null && (
        <Anchor
          size="sm"
          href={`https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=16/${place.latitude}/${place.longitude}`}
          target="_blank"
          rel="noreferrer"
        >
          Show on a map
        </Anchor>
      )}
    </Stack>
  );
}
