import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { CheckInAttendee, CheckInCounts } from '@marquee/contract';
import { formatTime } from '@marquee/time';
import { IconCircleCheck, IconCircleDashed, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListFilter } from '../../../components/ListFilter';
import { type ListParams, tableBinding, useListParams } from '../../../components/list-params';
import { TicketAnswerLines, useTicketAnswers } from '../../checkout-questions';
import { checkInAttendeeListQuery } from '../api/check-in-attendee-list';
import { useMarkTickets } from '../api/mark-scanned-unscanned-tickets';

const ATTENDEE_FILTERS = ['checkedIn', 'ticketTypeId'] as const;
const PAGE_SIZE = 20;

const CHECK_IN_CHOICES = [
  { value: '', label: 'All attendees' },
  { value: 'true', label: 'Checked in' },
  { value: 'false', label: 'Not checked in' },
];

/** A ticket that cannot come in says why (the words are the status's own: Refunded, Cancelled). */
const STATUS_COLORS: Record<string, string> = { REFUNDED: 'grape', CANCELLED: 'red' };

function CheckInState({ attendee, zone }: { attendee: CheckInAttendee; zone: string }) {
  if (attendee.status !== 'VALID') return <EnumBadge value={attendee.status} colors={STATUS_COLORS} />;
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
  // What the door needs to know beside the name: dietary needs, access requirements.
  const answers = useTicketAnswers(
    eventId,
    (result.data?.items ?? []).map((a) => a.ticketId),
  );
  // The screen mounts a new list for each date, so nothing chosen on one date stays chosen on another.
  const [selected, setSelected] = useState<string[]>([]);
  /** The row whose own Check in is running (it spins; the others wait). */
  const pendingRow =
    mark.isPending && mark.variables.ticketIds.length === 1 ? mark.variables.ticketIds[0] : null;

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
          <TicketAnswerLines answers={answers.get(a.ticketId)} />
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
            loading={pendingRow === a.ticketId}
            disabled={mark.isPending && pendingRow !== a.ticketId}
            onClick={() => mark.mutate({ ticketIds: [a.ticketId], scanned: true })}
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
