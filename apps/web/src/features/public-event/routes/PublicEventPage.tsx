import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import type { PublicEvent, PublicOccurrence } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { publicEventQuery } from '../api/public-event-detail';
import { CheckoutPanel } from '../components/CheckoutPanel';
import { EventSummary } from '../components/EventSummary';
import { PublicFrame } from '../components/PublicFrame';
import { isNotFound, PublicLoadError, PublicNotFound, PublicSkeleton } from '../components/PublicStates';
import { choosesDate, initialOccurrence } from '../model/checkout';

function Description({ event }: { event: PublicEvent }) {
  if (!event.description) return null;
  return (
    <Stack gap={4}>
      <Title order={2} fz="lg">
        About this event
      </Title>
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{event.description}</Text>
    </Stack>
  );
}

function EventPage({ event }: { event: PublicEvent }) {
  const [occurrence, setOccurrence] = useState<PublicOccurrence | null>(() =>
    choosesDate(event) ? initialOccurrence(event) : (event.occurrences[0] ?? null),
  );
  return (
    <PublicFrame title={event.title}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <EventSummary event={event} occurrence={occurrence} />
            {/* On a phone the tickets come right after the facts; the description follows them. */}
            <Box visibleFrom="md">
              <Description event={event} />
            </Box>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box pos={{ base: 'static', md: 'sticky' }} top={16}>
            <CheckoutPanel event={event} onOccurrenceChange={setOccurrence} />
          </Box>
        </Grid.Col>
      </Grid>
      <Box hiddenFrom="md" mt="lg">
        <Description event={event} />
      </Box>
    </PublicFrame>
  );
}

/** `/e/:event`: an event's public page, by slug or id, for anyone with the link. */
export function PublicEventPage() {
  const { event: ref = '' } = useParams();
  const query = useQuery(publicEventQuery(ref));
  if (query.isPending) return <PublicSkeleton title="Event" />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) return <PublicNotFound what="event" />;
    return <PublicLoadError title="The event" error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Keyed by event so a different event starts a fresh checkout.
  return <EventPage key={query.data._id} event={query.data} />;
}
