import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { eventDetailsPath } from '../../../app/paths';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { eventOrdersPath } from '../../orders/paths';
import { messageEventQuery } from '../api/panel-organizer-event-detail';
import { ComposeMessage, type ComposeValues } from '../components/ComposeMessage';
import { MessageHistory } from '../components/MessageHistory';
import { presetMessage } from '../components/presets';
import type { MessagePreset } from '../paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/event-management/:eventId/messages`: write to the event's attendees and see what was sent.
 * `?preset=cancelled` or `?preset=date-change&occurrenceId=` prepares a message after a cancellation
 * or a moved date; `?bookingIds=` carries orders chosen in the event's orders list.
 */
export function EventMessagesPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const event = useQuery(messageEventQuery(eventId));

  const initial = useMemo<ComposeValues | null>(() => {
    if (!event.data) return null;
    const preset = params.get('preset') as MessagePreset | null;
    const occurrenceId = params.get('occurrenceId');
    const bookingIds = (params.get('bookingIds') ?? '').split(',').filter((id) => UUID.test(id));
    const date = event.data.occurrences.some((o) => o._id === occurrenceId) ? occurrenceId : null;
    const text =
      preset === 'cancelled' || preset === 'date-change'
        ? presetMessage(preset, event.data, date)
        : { subject: '', body: '' };
    return {
      audience: bookingIds.length ? 'ORDERS' : preset === 'date-change' && date ? 'OCCURRENCE' : 'ALL',
      occurrenceId: date,
      ticketTypeIds: [],
      bookingIds,
      ...text,
    };
  }, [event.data, params]);

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.error instanceof HttpError && [400, 404].includes(event.error.status)) return <NotFoundMessage />;
  const back = { to: eventDetailsPath(eventId), label: 'the event' };
  if (!event.data || !initial)
    return (
      <Stack gap="lg">
        <PageHeader title="Messages to attendees" back={back} />
        <ListError label="Event" error={event.error} onRetry={() => void event.refetch()} />
      </Stack>
    );
  const detail = event.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Messages to attendees"
        back={{ to: eventDetailsPath(eventId, detail.kind), label: 'the event' }}
        description={`${detail.title} · ${detail.organization.name}`}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ComposeMessage
            // A new prefill (another preset or selection) starts a new form.
            key={params.toString()}
            event={detail}
            initial={initial}
            ordersPath={eventOrdersPath(eventId)}
            onSent={() => window.scrollTo({ top: 0 })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MessageHistory eventId={eventId} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default EventMessagesPage;
