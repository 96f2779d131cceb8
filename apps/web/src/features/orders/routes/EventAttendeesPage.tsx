import { Badge, Button, Stack, Text } from '@mantine/core';
import type { AttendeeRow } from '@marquee/contract';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { DataTable } from '../../../components/DataTable';
import { ListError } from '../../../components/ListError';
import { tableBinding, useListParams } from '../../../components/list-params';
import { NotFoundMessage } from '../../../components/NotFoundMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { HttpError } from '../../../lib/http';
import { TicketAnswerLines, useTicketAnswers } from '../../checkout-questions';
import { eventDetailsPath } from '../../events/paths';
import { attendeeListQuery } from '../api/event-attendees-list';
import { eventHeaderQuery } from '../api/partially-event-detail';
import { TICKET_FILTERS } from '../components/EventTicketList';
import { ExportMenu } from '../components/ExportMenu';
import { inEventZone, zoneOf } from '../components/labels';
import { TicketFilters } from '../components/TicketFilters';
import { ticketColumns } from '../components/TicketTable';
import { useExport } from '../components/use-export';
import { eventOrdersPath } from '../paths';

type Attendee = z.infer<typeof AttendeeRow>;

/** `/event-management/:eventId/attendees` (event-attendees): one row per ticket with its check-in state. */
export function EventAttendeesPage() {
  const { eventId = '' } = useParams();
  const header = useQuery(eventHeaderQuery(eventId));
  const list = useListParams(TICKET_FILTERS);
  const attendees = useQuery({
    ...attendeeListQuery({ ...list.query, eventId }),
    enabled: header.isSuccess,
  });
  const exporter = useExport();
  const answers = useTicketAnswers(
    eventId,
    (attendees.data?.items ?? []).map((a) => a._id),
  );

  if (header.isPending) return <PageLoader label="Loading the event" />;
  if (header.error instanceof HttpError && [400, 404].includes(header.error.status))
    return <NotFoundMessage />;
  if (!header.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Attendees" />
        <ListError label="Event" error={header.error} onRetry={() => void header.refetch()} />
      </Stack>
    );
  }
  const event = header.data;
  const zone = event.timeZone ?? 'UTC';

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Attendees of ${event.title}`}
        back={{ to: eventDetailsPath(eventId, event.kind), label: 'the event' }}
        description={`One row per ticket · times in ${zoneOf(zone, event.startsAt ?? undefined)}`}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={eventOrdersPath(eventId)}
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              Orders
            </Button>
            <ExportMenu
              kinds={['attendees']}
              filters={{ eventId, search: list.search || undefined }}
              onExport={(query) => void exporter.start(query)}
              disabled={exporter.running}
            />
          </>
        }
      />
      <DataTable<Attendee>
        label="Attendees"
        minWidth={900}
        {...tableBinding(list, attendees, 'Nobody holds a ticket for this event yet.')}
        onSortChange={undefined}
        rowKey={(a) => a._id}
        searchPlaceholder="Attendee, buyer or order code"
        toolbar={<TicketFilters list={list} scanned="check-in" />}
        columns={ticketColumns<Attendee>(zone, {
          withBuyer: true,
          withScanned: false,
          extra: [
            {
              key: 'answers',
              title: 'Answers',
              render: (a) => <TicketAnswerLines answers={answers.get(a._id)} />,
            },
            {
              key: 'checkedIn',
              title: 'Check-in',
              render: (a) =>
                a.checkedIn ? (
                  <Stack gap={2} align="flex-start">
                    <Badge color="teal" variant="light" tt="none">
                      Checked in
                    </Badge>
                    {a.scannedAt && (
                      <Text size="xs" c="dimmed">
                        {inEventZone(a.scannedAt, zone)}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Badge color="gray" variant="light" tt="none">
                    Not checked in
                  </Badge>
                ),
            },
          ],
        })}
      />
      {exporter.modal}
    </Stack>
  );
}

export default EventAttendeesPage;
