import { Anchor, Stack, Text } from '@mantine/core';
import { RefundRequestStatus, type RefundRequestView } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { tableBinding, useListParams } from '../../../components/list-params';
import { formatMoney } from '../../../lib/money';
import { refundRequestListQuery } from '../api/organizer-refund-booking-ticket-list';
import { inEventZone, zoneOf } from '../components/labels';
import { OrderFilters } from '../components/OrderFilters';
import { eventOrdersPath, orderDetailsPath, refundRequestPath } from '../paths';
import { REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS } from './labels';

const FILTERS = ['tab', 'status', 'organizationId', 'eventId', 'from', 'to'] as const;
/** No status in the URL means the requests waiting for a decision; `ALL` lifts the filter. */
const ALL = 'ALL';
const STATUSES = [
  { value: '', label: REQUEST_STATUS_LABELS.REQUESTED ?? 'Waiting' },
  { value: ALL, label: 'All statuses' },
  ...RefundRequestStatus.options
    .filter((s) => s !== 'REQUESTED')
    .map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] ?? value })),
];

const columns: DataTableColumn<RefundRequestView>[] = [
  {
    key: 'buyer',
    title: 'Request',
    card: 'title',
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={refundRequestPath(r._id, r.booking._id)} size="sm" fw={600}>
          {`${r.buyer.name} · ${r.booking.code}`}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {r.buyer.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'event',
    title: 'Event',
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={eventOrdersPath(r.event._id)} size="sm">
          {r.event.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {r.organization.name}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'createdAt',
    title: 'Asked',
    sortable: true,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{inEventZone(r.createdAt, r.event.timeZone)}</Text>
        <Text size="xs" c="dimmed">
          {zoneOf(r.event.timeZone, r.createdAt)}
        </Text>
      </Stack>
    ),
  },
  { key: 'reason', title: 'Reason', render: (r) => <Text size="sm">{r.reason}</Text> },
  { key: 'tickets', title: 'Tickets', render: (r) => r.tickets.length },
  {
    key: 'amount',
    title: 'Amount',
    sortable: true,
    render: (r) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(r.amount, r.currency)}
      </Text>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    render: (r) => (
      <EnumBadge value={r.status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} />
    ),
  },
  {
    key: 'order',
    title: 'Order',
    card: 'actions',
    render: (r) => (
      <Anchor component={Link} to={orderDetailsPath(r.booking._id)} size="sm">
        View order
      </Anchor>
    ),
  },
];

/** The orders page's "Refund requests" tab (`organizer-refund-booking-ticket-list`), waiting ones first. */
export function RefundRequestList() {
  const list = useListParams(FILTERS);
  const { tab: _tab, status, ...rest } = list.query as Record<string, unknown>;
  const query = { ...rest, ...(status === ALL ? {} : { status: status ?? 'REQUESTED' }) };
  const result = useQuery(refundRequestListQuery(query));
  const filtered = list.search !== '' || FILTERS.some((f) => f !== 'tab' && list.filters[f] !== undefined);
  return (
    <DataTable<RefundRequestView>
      label="Refund requests"
      minWidth={1000}
      {...tableBinding(
        { ...list, isFiltered: filtered },
        result,
        'No refund requests are waiting for a decision.',
      )}
      rowKey={(r) => r._id}
      searchPlaceholder="Order code, buyer or event"
      toolbar={<OrderFilters list={list} statuses={STATUSES} noun="Requests made" />}
      columns={columns}
    />
  );
}
