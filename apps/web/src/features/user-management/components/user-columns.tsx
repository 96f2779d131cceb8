import { Anchor, Stack, Text } from '@mantine/core';
import type { AdminUserListItem, OrganizerListItem } from '@marquee/contract';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { userDetailPath } from '../paths';
import { NEUTRAL_NONE, NON_PROFIT_LABELS, nameOf } from './labels';
import { RequestBadge, RoleBadge, UserStatusBadge } from './UserBadges';

function nameColumn<T extends AdminUserListItem>(): DataTableColumn<T> {
  return {
    key: 'name',
    title: 'Name',
    sortable: true,
    card: 'title',
    render: (u) => (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={userDetailPath(u._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {nameOf(u)}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {u.email}
        </Text>
      </Stack>
    ),
  };
}

const joined = <T extends AdminUserListItem>(): DataTableColumn<T> => ({
  key: 'createdAt',
  title: 'Joined',
  sortable: true,
  render: (u) => <Text size="sm">{formatDate(u.createdAt)}</Text>,
});

export const userColumns: DataTableColumn<AdminUserListItem>[] = [
  nameColumn(),
  { key: 'role', title: 'Role', render: (u) => <RoleBadge role={u.role} /> },
  { key: 'status', title: 'Status', render: (u) => <UserStatusBadge status={u.status} /> },
  {
    key: 'organizerRequest',
    title: 'Organizer request',
    render: (u) => <RequestBadge value={u.organizerRequest} />,
  },
  {
    key: 'nonProfit',
    title: 'Non-profit',
    render: (u) => <EnumBadge value={u.nonProfit} labels={NON_PROFIT_LABELS} colors={NEUTRAL_NONE} />,
  },
  { key: 'bookingCount', title: 'Orders', render: (u) => u.bookingCount },
  joined(),
];

export const organizerColumns: DataTableColumn<OrganizerListItem>[] = [
  nameColumn(),
  { key: 'status', title: 'Status', render: (u) => <UserStatusBadge status={u.status} /> },
  {
    key: 'organizations',
    title: 'Organizations',
    render: (u) =>
      u.organizations.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet
        </Text>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {u.organizations.map((o) => o.name).join(', ')}
        </Text>
      ),
  },
  { key: 'eventCount', title: 'Events', render: (u) => u.eventCount },
  {
    key: 'sales',
    title: 'Sales',
    render: (u) =>
      u.sales.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sales
        </Text>
      ) : (
        <Stack gap={0}>
          {u.sales.map((s) => (
            <Text
              key={s.currency}
              size="sm"
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {formatMoney(s.grossSales, s.currency)}
            </Text>
          ))}
        </Stack>
      ),
  },
  joined(),
];
