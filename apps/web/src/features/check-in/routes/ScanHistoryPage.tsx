import { Stack } from '@mantine/core';
import type { CheckInEvent, ScanHistoryExportQuery, ScanHistoryItem } from '@marquee/contract';
import { zoneLabel } from '@marquee/time';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { ListError } from '../../../components/ListError';
import { tableBinding, useListParams } from '../../../components/list-params';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { useCheckInEvent } from '../api/check-in-event-list';
import { scanHistoryQuery } from '../api/scan-history';
import { ScanHistoryExport } from '../components/ScanHistoryExport';
import { SCAN_HISTORY_FILTERS, ScanHistoryFilters } from '../components/ScanHistoryFilters';
import { scanHistoryColumns } from '../components/scan-history-columns';
import { eventCheckInPath } from '../paths';

const SCAN_HISTORY_PAGE_SIZE = 25;

function safeZoneLabel(zone: string): string {
  try {
    return zoneLabel(zone);
  } catch {
    return zone;
  }
}

/**
 * `/orders/events/:eventId/scan-history`: every scan and manual mark of an event, newest first, on the
 * event's clock. An event the caller may not check in (or no event at all) is not found, and its history
 * is never asked for.
 */
export function ScanHistoryPage() {
  const { eventId = '' } = useParams();
  const event = useCheckInEvent(eventId);

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.data === null) return <NotFoundMessage />;
  if (!event.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Scan history" back={{ to: eventCheckInPath(eventId), label: 'check-in' }} />
        <ListError label="Event" error={event.error} onRetry={event.refetch} />
      </Stack>
    );
  }
  return <EventScanHistory event={event.data} />;
}

/**
 * Filters, search, sort and page live in the URL (the check-in screen links here with its date); Export
 * gives the same rows as a file.
 */
function EventScanHistory({ event }: { event: CheckInEvent }) {
  const eventId = event._id;
  const list = useListParams(SCAN_HISTORY_FILTERS, { limit: SCAN_HISTORY_PAGE_SIZE });
  const history = useQuery(scanHistoryQuery({ ...list.query, eventId }));

  // Access can end while the screen is open.
  if (history.error instanceof HttpError && history.error.status === 404 && !history.data) {
    return <NotFoundMessage />;
  }
  const zone = history.data?.timeZone ?? event.timeZone;
  const { page: _page, limit: _limit, ...narrowing } = list.query;
  const exportFilters = { ...narrowing, eventId } as Omit<ScanHistoryExportQuery, 'format'>;
  const description = [event.title, event.organization.name, `Times in ${safeZoneLabel(zone)}`].join(' · ');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Scan history"
        description={description}
        back={{ to: eventCheckInPath(eventId, list.filters.occurrenceId), label: 'check-in' }}
        actions={<ScanHistoryExport filters={exportFilters} />}
      />
      <DataTable<ScanHistoryItem>
        label="Scans"
        minWidth={900}
        {...tableBinding(list, history, 'No scans yet')}
        rowKey={(item) => item._id}
        searchPlaceholder="Attendee or order code"
        toolbar={
          <ScanHistoryFilters
            list={list}
            zone={zone}
            scanners={history.data?.scanners ?? []}
            dates={event.occurrences}
          />
        }
        columns={scanHistoryColumns(zone)}
      />
    </Stack>
  );
}

export default ScanHistoryPage;
