import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  type EventDetail,
  WAITING_LIST_STATUS_LABELS,
  type WaitingListEntry,
  WaitingListStatus,
} from '@marquee/contract';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { formatDayDate, formatTime } from '../../../lib/dates';
import { useOfferWaitingListSeats } from '../api/offer-waiting-list-seats';
import { useRemoveWaitingListEntry } from '../api/remove-waiting-list-entry';
import { waitingListEntryListQuery } from '../api/waiting-list-entry-list';
import { downloadWaitingList } from '../api/waiting-list-export';
import { STATUS_COLORS, statusText } from './status';

const LIMIT = 50;
const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** Everyone on the event's waiting list, in line order per date and ticket type, with the actions. */
export function WaitingListTable({ event }: { event: EventDetail }) {
  const zone = event.timeZone ?? 'UTC';
  const [page, setPage] = useState(1);
  const [occurrenceId, setOccurrenceId] = useState<string | null>(null);
  const [ticketTypeId, setTicketTypeId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useQuery(
    waitingListEntryListQuery({
      eventId: event._id,
      page,
      limit: LIMIT,
      ...(occurrenceId ? { occurrenceId } : {}),
      ...(ticketTypeId ? { ticketTypeId } : {}),
      ...(status ? { status: status as WaitingListEntry['status'] } : {}),
    }),
  );
  const offer = useOfferWaitingListSeats();
  const remove = useRemoveWaitingListEntry();
  const dateOf = (startsAt: string) => `${formatDayDate(startsAt, zone)} ${formatTime(startsAt, zone)}`;

  const columns: DataTableColumn<WaitingListEntry>[] = [
    { key: 'name', title: 'Name', card: 'title', render: (e) => <Text fw={500}>{e.name}</Text> },
    { key: 'position', title: 'Position', render: (e) => (e.position === null ? '—' : `#${e.position}`) },
    {
      key: 'email',
      title: 'Email',
      render: (e) => <Text style={{ overflowWrap: 'anywhere' }}>{e.email}</Text>,
    },
    { key: 'quantity', title: 'Tickets', render: (e) => e.quantity },
    {
      key: 'line',
      title: 'Ticket type',
      render: (e) => `${e.ticketType.name}${e.occurrence ? ` · ${dateOf(e.occurrence.startsAt)}` : ''}`,
    },
    {
      key: 'status',
      title: 'Status',
      width: 200,
      render: (e) => (
        <Badge
          variant="light"
          color={STATUS_COLORS[e.status]}
          h="auto"
          py={2}
          styles={{ label: { whiteSpace: 'normal', textTransform: 'none' } }}
        >
          {statusText(e, zone)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 200,
      card: 'actions',
      render: (e) =>
        e.status === 'WAITING' || e.status === 'OFFERED' ? (
          <Group gap="xs" wrap="nowrap">
            {e.status === 'WAITING' && (
              <Button
                size="xs"
                variant="light"
                aria-label={`Offer seats to ${e.name}`}
                onClick={() =>
                  void openConfirmAction({
                    title: 'Offer seats?',
                    message: `${seats(e.quantity)} will be held for ${e.name}, who gets an email with a link to buy them.`,
                    onConfirm: () => offer.mutateAsync({ eventId: event._id, entryId: e._id }),
                  })
                }
              >
                Offer seats
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Remove ${e.name}`}
              onClick={() =>
                void openConfirmAction({
                  title: 'Remove from the waiting list?',
                  message:
                    e.status === 'OFFERED'
                      ? `${e.name} loses the offer; its seats pass to the next person in line.`
                      : `${e.name} leaves the line.`,
                  danger: true,
                  onConfirm: () => remove.mutateAsync({ eventId: event._id, entryId: e._id }),
                })
              }
            >
              Remove
            </Button>
          </Group>
        ) : null,
    },
  ];

  const filter = (set: (v: string | null) => void) => (value: string | null) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack gap="sm">
      <DataTable<WaitingListEntry>
        label="Waiting list"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(e) => e._id}
        loading={list.isFetching}
        page={page}
        limit={LIMIT}
        onPageChange={setPage}
        error={list.error}
        onRetry={() => void list.refetch()}
        minWidth={900}
        emptyMessage="Nobody is on the waiting list. Buyers can join it when a ticket type on a date is sold out."
        toolbar={
          <Group gap="xs" wrap="wrap" align="flex-end">
            {event.occurrences.length > 1 && (
              <Select
                label="Date"
                placeholder="All dates"
                clearable
                data={event.occurrences.map((o) => ({ value: o._id, label: dateOf(o.startsAt) }))}
                value={occurrenceId}
                onChange={filter(setOccurrenceId)}
                w={{ base: '100%', sm: 220 }}
              />
            )}
            <Select
              label="Ticket type"
              placeholder="All ticket types"
              clearable
              data={event.ticketTypes.map((t) => ({ value: t._id, label: t.name }))}
              value={ticketTypeId}
              onChange={filter(setTicketTypeId)}
              w={{ base: '100%', sm: 200 }}
            />
            <Select
              label="Status"
              placeholder="All statuses"
              clearable
              data={WaitingListStatus.options.map((s) => ({
                value: s,
                label: WAITING_LIST_STATUS_LABELS[s],
              }))}
              value={status}
              onChange={filter(setStatus)}
              w={{ base: '100%', sm: 180 }}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                void downloadWaitingList(event._id)
                  .catch(() => {})
                  .finally(() => setExporting(false));
              }}
            >
              Export CSV
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
