import { Stack, Text } from '@mantine/core';
import { type CreatedEventItem, EventStatus } from '@marquee/contract';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { useCreatedEvents } from '../api/get-organizer-created-event-list';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...EventStatus.options.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() })),
];
const EVENT_COLORS: Record<string, string> = {
  PUBLISHED: 'teal',
  DRAFT: 'gray',
  COMPLETED: 'blue',
  CANCELLED: 'red',
};

const columns: DataTableColumn<CreatedEventItem>[] = [
  {
    key: 'title',
    title: 'Event',
    sortable: true,
    card: 'title',
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {e.title}
        </Text>
        <Text size="xs" c="dimmed">
          {e.organization.name}
        </Text>
      </Stack>
    ),
  },
  { key: 'kind', title: 'Kind', render: (e) => <EnumBadge value={e.kind} /> },
  { key: 'status', title: 'Status', render: (e) => <EnumBadge value={e.status} colors={EVENT_COLORS} /> },
  {
    key: 'startsAt',
    title: 'Starts',
    sortable: true,
    render: (e) => (e.startsAt ? formatDate(e.startsAt, e.timeZone ?? undefined) : 'Not scheduled'),
  },
  { key: 'ticketsSold', title: 'Tickets sold', render: (e) => e.ticketsSold },
  {
    key: 'grossSales',
    title: 'Gross sales',
    render: (e) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(e.grossSales, e.currency)}
      </Text>
    ),
  },
];

/** Events of the organizations the user owns, with what each sold. */
export function CreatedEventsTab({ userId }: { userId: string }) {
  const list = useListParams(['status'] as const);
  const query = useCreatedEvents({ ...list.query, userId });
  return (
    <DataTable<CreatedEventItem>
      label="Created events"
      minWidth={820}
      {...tableBinding(list, query, 'No events in the organizations this user owns.')}
      rowKey={(e) => e._id}
      searchPlaceholder="Event or organization"
      toolbar={<ListFilter list={list} name="status" label="Event status" data={STATUS_OPTIONS} />}
      columns={columns}
    />
  );
}
