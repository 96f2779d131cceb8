import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { EventDetail, EventHeader } from '@marquee/contract';
import { IconMapPin, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { organizationPath } from '../../../../app/paths';
import { EventStatusBadges, KindBadge } from '../list/EventBadges';
import { eventWhen } from './event-time';

/** Where the event happens: the venue and address, or the online link. */
function Where({ event }: { event: EventHeader | EventDetail }) {
  const location = 'location' in event ? event.location : null;
  if (event.locationType === 'ONLINE' || location?.type === 'ONLINE') {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconWorld size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        {location?.onlineUrl ? (
          <Anchor
            href={location.onlineUrl}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {location.onlineUrl}
          </Anchor>
        ) : (
          <Text size="sm">Online</Text>
        )}
      </Group>
    );
  }
  if (!event.venueName && !location?.venueName) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {[location?.venueName ?? event.venueName, location?.address].filter(Boolean).join(', ')}
      </Text>
    </Group>
  );
}

/** The event's header: image, status and flags, organization, kind, dates in its zone, where. */
export function EventHeaderCard({
  event,
  linkOrganization,
}: {
  event: EventHeader | EventDetail;
  /** Members cannot open the organization's page from here; its name is enough. */
  linkOrganization: boolean;
}) {
  const when = eventWhen(event.startsAt, event.endsAt, event.timeZone);
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-start" gap="md" wrap="wrap">
        {event.image && (
          <Image src={event.image} alt="" radius="sm" w={{ base: '100%', xs: 200 }} h={120} fit="cover" />
        )}
        <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <KindBadge kind={event.kind} />
            <EventStatusBadges event={event} />
          </Group>
          <Text size="sm">
            {'Organization: '}
            {linkOrganization ? (
              <Anchor component={Link} to={organizationPath(event.organization._id)}>
                {event.organization.name}
              </Anchor>
            ) : (
              event.organization.name
            )}
          </Text>
          {when ? (
            <Stack gap={0} data-testid="event-when">
              <Text size="sm" fw={500}>
                {when.dates}
              </Text>
              <Text size="sm">{when.times}</Text>
              <Text size="xs" c="dimmed" data-testid="event-zone">
                {`Times in ${when.zone}, ${when.zoneName}`}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No dates yet
            </Text>
          )}
          <Where event={event} />
        </Stack>
      </Group>
    </Paper>
  );
}
