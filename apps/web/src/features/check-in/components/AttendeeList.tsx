import { Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CheckInAttendee, CheckInCounts } from '@marquee/contract';
import { formatTime } from '@marquee/time';
import { IconCircleCheck, IconCircleDashed, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { type ListParams, tableBinding, useListParams } from '../../../components/list-params';
import { checkInAttendeeListQuery } from '../api/check-in-attendee-list';
import { useMarkTickets } from '../api/mark-scanned-unscanned-tickets';

export const ATTENDEE_FILTERS = ['checkedIn', 'ticketTypeId'] as const;
const PAGE_SIZE = 20;

const CHECK_IN_CHOICES = [
  { value: '', label: 'All attendees' },
  { value: 'true', label: 'Checked in' },
  { value: 'false', label: 'Not checked in' },
];

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  REFUNDED: { label: 'Refunded', color: 'grape' },
  CANCELLED: { label: 'Cancelled', color: 'red' },
};

function CheckInState({ attendee, zone }: { attendee: CheckInAttendee; zone: string }) {
  const status = STATUS_LABELS[attendee.status];
  if (status)
    return (
      <Badge color={status.color} variant="light">
        {status.label}
      </Badge>
    );
  if (attendee.checkedInAt)
    return (
      <Text size="sm" c="teal.9" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconCircleCheck size={16} aria-hidden />
        {`Checked in ${formatTime(attendee.checkedInAt, zone)}${attendee.checkedInBy ? ` by ${attendee.checkedInBy}` : ''}`}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconCircleDashed size={16} aria-hidden />
      Not checked in
    </Text>
  );
}

function Filters({ list, counts }: { list: ListParams; counts: CheckInCounts | undefined }) {
  const types = [
    { value: '', label: 'All ticket types' },
    ...(counts?.byTicketType ?? []).map((t) => ({ value: t.ticketTypeId, label: t.name })),
  ];
  return (
    <>
      <ListFilter list={list} name="checkedIn" label="Check-in" data={CHECK_IN_CHOICES} w={170} />
      <ListFilter list={list} name="ticketTypeId" label="Ticket type" data={types} w={200} />
    </>
  );
}

/**
 * The Attendees tab: one date's tickets for people whose phone is dead or whose code will not scan.
 * Search by name, email or order code; filter by check-in and ticket type; check one in, or mark a
 * selection scanned or not scanned (recorded as manual in the history).
 */
export function AttendeeList({
  eventId,
  occurrenceId,
  zone,
  counts,
  deviceId,
}: {
  eventId: string;
  occurrenceId: string;
  zone: string;
  counts: CheckInCounts | undefined;
  deviceId: string;
}) {
  const list = useListParams(ATTENDEE_FILTERS, { limit: PAGE_SIZE });
  const result = useQuery(checkInAttendeeListQuery(eventId, occurrenceId, list.query));
  const mark = useMarkTickets(eventId, occurrenceId, deviceId);
  const [selected, setSelected] = useState<string[]>([]);
  const [pendingRow, setPendingRow] = useState<string | null>(null);

  // Another date is another list: nothing chosen there is chosen here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on the date's change only.
  useEffect(() => setSelected([]), [occurrenceId]);

  const markChosen = (ticketIds: string[], scanned: boolean) =>
    mark.mutate({ ticketIds, scanned }, { onSuccess: () => setSelected([]) });

  const columns: DataTableColumn<CheckInAttendee>[] = [
    {
      key: 'name',
      title: 'Name',
      card: 'title',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {a.attendeeName ?? a.buyerName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.attendeeName && a.attendeeName !== a.buyerName
              ? `Booked by ${a.buyerName} · ${a.buyerEmail}`
              : a.buyerEmail}
          </Text>
        </Stack>
      ),
    },
    { key: 'ticketTypeName', title: 'Ticket type', render: (a) => <Text size="sm">{a.ticketTypeName}</Text> },
    { key: 'bookingCode', title: 'Order', render: (a) => <Text size="sm">{a.bookingCode}</Text> },
    { key: 'state', title: 'Check-in', render: (a) => <CheckInState attendee={a} zone={zone} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      render: (a) =>
        a.status === 'VALID' && !a.checkedInAt ? (
          <Button
            // A door is worked with thumbs: at least 44 px to hit.
            h={44}
            variant="light"
            leftSection={<IconLogin size={16} aria-hidden />}
            loading={mark.isPending && pendingRow === a.ticketId}
            disabled={mark.isPending && pendingRow !== a.ticketId}
            onClick={() => {
              setPendingRow(a.ticketId);
              mark.mutate({ ticketIds: [a.ticketId], scanned: true });
            }}
          >
            Check in
          </Button>
        ) : null,
    },
  ];

  return (
    <DataTable<CheckInAttendee>
      label="Attendees"
      minWidth={760}
      {...tableBinding(list, result, 'No tickets for this date yet.')}
      rowKey={(a) => a.ticketId}
      searchPlaceholder="Name, email or order code"
      selection={{ selected, onChange: setSelected }}
      bulkActions={[
        {
          label: 'Mark scanned',
          action: 'mark scanned',
          icon: <IconCircleCheck size={16} aria-hidden />,
          onRun: (ids) => markChosen(ids, true),
        },
        {
          label: 'Mark not scanned',
          action: 'mark not scanned',
          icon: <IconCircleDashed size={16} aria-hidden />,
          color: 'gray',
          onRun: (ids) => markChosen(ids, false),
        },
      ]}
      toolbar={<Filters list={list} counts={counts} />}
      columns={columns}
    />
  );
}
