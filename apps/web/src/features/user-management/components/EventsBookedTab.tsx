import { Anchor, Stack, Text } from '@mantine/core';
import { BookingStatus, type OrderSummary } from '@marquee/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { formatDate, formatDateTimeSeconds } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { useUserBookings } from '../api/get-user-booking-list';
import { bookedEventDetailsPath } from '../paths';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...BookingStatus.options.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() })),
];
const BOOKING_COLORS: Record<string, string> = {
  CONFIRMED: 'teal',
  HELD: 'yellow',
  EXPIRED: 'gray',
  FAILED: 'red',
  CANCELLED: 'red',
};

function columns(userId: string): DataTableColumn<OrderSummary>[] {
  return [
    {
      key: 'code',
      title: 'Order',
      sortable: true,
      card: 'title',
      render: (o) => (
        <Anchor component={Link} to={bookedEventDetailsPath(userId, o._id)} fw={600} ff="monospace">
          {o.code}
        </Anchor>
      ),
    },
    {
      key: 'event',
      title: 'Event',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {o.event.title}
          </Text>
          <Text size="xs" c="dimmed">
            {o.organization.name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'date',
      title: 'Date',
      render: (o) => (o.occurrence ? formatDate(o.occurrence.startsAt, o.event.timeZone) : '—'),
    },
    { key: 'createdAt', title: 'Ordered', sortable: true, render: (o) => formatDateTimeSeconds(o.createdAt) },
    {
      key: 'status',
      title: 'Status',
      render: (o) => <EnumBadge value={o.status} colors={BOOKING_COLORS} />,
    },
    { key: 'ticketCount', title: 'Tickets', render: (o) => o.ticketCount },
    {
      key: 'total',
      title: 'Total',
      sortable: true,
      render: (o) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(o.total, o.currency)}
        </Text>
      ),
    },
  ];
}

/** The orders the user placed as a buyer; an order's row opens it in a drawer. */
export function EventsBookedTab({ userId }: { userId: string }) {
  const list = useListParams(['status'] as const);
  const query = useUserBookings({ ...list.query, userId });
  return (
    <DataTable<OrderSummary>
      label="Events booked"
      minWidth={860}
      {...tableBinding(list, query, 'This user has not booked anything yet.')}
      rowKey={(o) => o._id}
      searchPlaceholder="Order code, event or buyer"
      toolbar={<ListFilter list={list} name="status" label="Order status" data={STATUS_OPTIONS} />}
      columns={columns(userId)}
    />
  );
}

export { BOOKING_COLORS };
