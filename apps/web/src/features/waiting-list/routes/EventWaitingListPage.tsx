import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { eventDetailsPath } from '../../../app/paths';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { waitingListSummaryQuery } from '../api/get-waiting-list-settings';
import { waitingListEventQuery } from '../api/panel-organizer-event-detail';
import { WaitingListSettingsCard } from '../components/WaitingListSettingsCard';
import { WaitingListTable } from '../components/WaitingListTable';

/** `/event-management/:eventId/waiting-list`: the event's waiting list, its settings and its actions. */
export function EventWaitingListPage() {
  const { eventId = '' } = useParams();
  const event = useQuery(waitingListEventQuery(eventId));
  const summary = useQuery(waitingListSummaryQuery(eventId));

  if (event.isPending || summary.isPending) return <PageLoader label="Loading the waiting list" />;
  const missing = [event.error, summary.error].some(
    (e) => e instanceof HttpError && [400, 404].includes(e.status),
  );
  if (missing) return <NotFoundMessage />;
  if (!event.data || !summary.data)
    return (
      <Stack gap="lg">
        <PageHeader title="Waiting list" back={{ to: eventDetailsPath(eventId), label: 'the event' }} />
        <ListError
          label="Waiting list"
          error={event.error ?? summary.error}
          onRetry={() => {
            void event.refetch();
            void summary.refetch();
          }}
        />
      </Stack>
    );
  const detail = event.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Waiting list"
        back={{ to: eventDetailsPath(eventId, detail.kind), label: 'the event' }}
        description={`${detail.title} · ${detail.organization.name}`}
      />
      <WaitingListSettingsCard
        // A saved change re-reads the settings; the form starts from them again.
        key={`${summary.data.enabled}-${summary.data.offerHours}`}
        eventId={eventId}
        summary={summary.data}
      />
      <WaitingListTable event={detail} />
    </Stack>
  );
}
