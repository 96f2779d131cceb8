import { Button, Stack, Tabs } from '@mantine/core';
import type { BookingStatus } from '@marquee/contract';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { eventHeaderQuery } from '../api/partially-event-detail';
import { EventTicketList } from '../components/EventTicketList';
import { type ExportKind, ExportMenu } from '../components/ExportMenu';
import { zoneOf } from '../components/labels';
import { OrderList } from '../components/OrderList';
import { RegisteredPeople } from '../components/RegisteredPeople';
import { useExport } from '../components/use-export';
import { type EventOrdersTab, eventAttendeesPath, ORDER_PATHS } from '../paths';

const TABS: { value: EventOrdersTab; label: string }[] = [
  { value: 'orders', label: 'Orders' },
  { value: 'tickets', label: 'Tickets' },
  { value: 'people', label: 'Registered people' },
];

export function tabOf(value: string | null): EventOrdersTab {
  return TABS.some((t) => t.value === value) ? (value as EventOrdersTab) : 'orders';
}

/** What the header's export takes from the tab's URL state: the same narrowing as the list shows. */
function exportFilters(params: URLSearchParams, eventId: string) {
  const pick = (name: string) => params.get(name) || undefined;
  return {
    eventId,
    search: pick('search'),
    status: pick('status') as BookingStatus | undefined,
    from: pick('from'),
    to: pick('to'),
  };
}

/**
 * `/orders/events/:eventId` (event-order-details, `?tab=orders|tickets|people`): the orders of one
 * event, its tickets and the people who booked it, with exports of each.
 */
export function EventOrdersPage() {
  const { eventId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const header = useQuery(eventHeaderQuery(eventId));
  const exporter = useExport();

  if (header.isPending) return <PageLoader label="Loading the event" />;
  if (header.error instanceof HttpError && [400, 404].includes(header.error.status))
    return <NotFoundMessage />;
  const back = { to: `${ORDER_PATHS.orders}?tab=events`, label: 'orders' };
  if (!header.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Event orders" back={back} />
        <ListError label="Event" error={header.error} onRetry={() => void header.refetch()} />
      </Stack>
    );
  }
  const event = header.data;
  const zone = event.timeZone ?? 'UTC';
  // Ticket filters differ from order filters; only the search and the event travel to those exports.
  const filters =
    tab === 'orders'
      ? exportFilters(params, eventId)
      : { eventId, search: params.get('search') || undefined };
  const kinds: ExportKind[] =
    tab === 'orders' ? ['orders', 'tickets', 'attendees'] : ['tickets', 'attendees', 'orders'];

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Orders of ${event.title}`}
        back={back}
        description={`${event.organization.name} · times in ${zoneOf(zone, event.startsAt ?? undefined)}`}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={eventAttendeesPath(eventId)}
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              Attendees
            </Button>
            <ExportMenu
              kinds={kinds}
              filters={filters}
              onExport={(query) => void exporter.start(query)}
              disabled={exporter.running}
            />
          </>
        }
      />
      <Tabs
        value={tab}
        // Each tab has its own search, filters and page.
        onChange={(value) => setParams(value && value !== 'orders' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'orders' && <OrderList eventId={eventId} />}
      {tab === 'tickets' && <EventTicketList eventId={eventId} zone={zone} />}
      {tab === 'people' && <RegisteredPeople eventId={eventId} zone={zone} />}
      {exporter.modal}
    </Stack>
  );
}

export default EventOrdersPage;
