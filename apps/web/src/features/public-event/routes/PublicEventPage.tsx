import { Alert, Box, Grid, Stack, Text, Title } from '@mantine/core';
import { type PublicEvent, type PublicOccurrence, SHARE_MESSAGES } from '@marquee/contract';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { publicEventQuery } from '../api/public-event-detail';
import { CheckoutPanel } from '../components/CheckoutPanel';
import { EventSummary } from '../components/EventSummary';
import { PublicFrame } from '../components/PublicFrame';
import { isNotFound, PublicLoadError, PublicNotFound, PublicSkeleton } from '../components/PublicStates';
import { choosesDate, initialOccurrence } from '../model/checkout';
import { publicEventPath } from '../paths';

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

/** The page itself; `preview`: the organizers' look at an unpublished event (nothing can be bought). */
export function EventPage({ event, preview = false }: { event: PublicEvent; preview?: boolean }) {
  const [occurrence, setOccurrence] = useState<PublicOccurrence | null>(() =>
    choosesDate(event) ? initialOccurrence(event) : (event.occurrences[0] ?? null),
  );
  return (
    <PublicFrame title={preview ? `Preview: ${event.title}` : event.title}>
      {preview && <PreviewBanner />}
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

/** Says, above everything, that this is not the page buyers see yet. */
function PreviewBanner() {
  return (
    <Alert
      color="yellow"
      variant="filled"
      mb="md"
      icon={<IconEye size={18} aria-hidden />}
      title={SHARE_MESSAGES.previewBanner}
      data-testid="preview-banner"
    >
      <Text size="sm" c="var(--mantine-color-yellow-contrast, #000)">
        This is how buyers will see the event once it is published. Only its organizers can open this page,
        and checkout is off.
      </Text>
    </Alert>
  );
}

/**
 * `/e/:event`: an event's public page, by slug or id, for anyone with the link. An id or an old slug
 * (the title changed since) opens the event too, and the address is replaced with its current slug.
 */
export function PublicEventPage() {
  const { event: ref = '' } = useParams();
  const location = useLocation();
  const query = useQuery(publicEventQuery(ref));
  const current = query.data?.slug;
  if (current && current !== ref) {
    return <Navigate replace to={`${publicEventPath(current)}${location.search}${location.hash}`} />;
  }
  if (query.isPending) return <PublicSkeleton title="Event" />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error)) return <PublicNotFound what="event" />;
    return <PublicLoadError title="The event" error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Keyed by event so a different event starts a fresh checkout.
  return <EventPage key={query.data._id} event={query.data} />;
}
