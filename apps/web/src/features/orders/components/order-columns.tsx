import { Anchor, Stack, Text } from '@mantine/core';
import type { OrderSummary } from '@marquee/contract';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatMoney } from '../../../lib/money';
import { eventOrdersPath, orderDetailsPath } from '../paths';
import { BOOKING_STATUS_COLORS, BOOKING_STATUS_LABELS, inEventZone, zoneOf } from './labels';

/** The columns of an order list; the event column is left out where every order is of one event. */
export function orderColumns({ withEvent }: { withEvent: boolean }): DataTableColumn<OrderSummary>[] {
  return [
    {
      key: 'code',
      title: 'Order',
      sortable: true,
      card: 'title',
      render: (o) => (
        <Anchor component={Link} to={orderDetailsPath(o._id)} fw={600} ff="monospace">
          {o.code}
        </Anchor>
      ),
    },
    {
      key: 'buyerName',
      title: 'Buyer',
      sortable: true,
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{o.buyer.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {o.buyer.email}
          </Text>
        </Stack>
      ),
    },
    ...(withEvent
      ? [
          {
            key: 'event',
            title: 'Event',
            render: (o: OrderSummary) => (
              <Stack gap={0}>
                <Anchor component={Link} to={eventOrdersPath(o.event._id)} size="sm">
                  {o.event.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {o.organization.name}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'createdAt',
      title: 'Ordered',
      sortable: true,
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{inEventZone(o.createdAt, o.event.timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {zoneOf(o.event.timeZone, o.createdAt)}
          </Text>
        </Stack>
      ),
    },
    { key: 'ticketCount', title: 'Tickets', render: (o) => o.ticketCount },
    {
      key: 'total',
      title: 'Total',
      sortable: true,
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatMoney(o.total, o.currency)}
          </Text>
          {o.promoCode && <Text size="xs" c="dimmed" ff="monospace">{`Code ${o.promoCode}`}</Text>}
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (o) => (
        <EnumBadge value={o.status} labels={BOOKING_STATUS_LABELS} colors={BOOKING_STATUS_COLORS} />
      ),
    },
  ];
}
