import { Alert, Box, Grid, Stack, Text, Title } from '@mantine/core';
import type { PublicEvent, PublicOccurrence } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { publicEventPreviewQuery } from '../api/preview-public-event';
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

function EventPage({ event, preview = false }: { event: PublicEvent; preview?: boolean }) {
  const [occurrence, setOccurrence] = useState<PublicOccurrence | null>(() =>
    choosesDate(event) ? initialOccurrence(event) : (event.occurrences[0] ?? null),
  );
  return (
    <PublicFrame title={preview ? `Preview: ${event.title}` : event.title}>
      {preview && (
        <Alert color="yellow" variant="light" mb="lg" title="Preview" data-testid="preview-notice">
          <Text size="sm">
            This is how buyers will see this event once it is published. Nothing can be bought from the
            preview.
          </Text>
        </Alert>
      )}
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
            <CheckoutPanel event={event} onOccurrenceChange={setOccurrence} preview={preview} />
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

/**
 * `/preview/events/:eventId`: the public page of an event as buyers will see it, before it is published
 * (a draft too), for those who run the event; anyone else gets the not-found page.
 */
export function PublicEventPreviewPage() {
  const { eventId = '' } = useParams();
  const query = useQuery(publicEventPreviewQuery(eventId));
  if (query.isPending) return <PublicSkeleton title="Event preview" />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) return <PublicNotFound what="event" />;
    return <PublicLoadError title="The preview" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <EventPage key={query.data._id} event={query.data} preview />;
}
