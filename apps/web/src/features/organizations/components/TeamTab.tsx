import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Member, Organization } from '@marquee/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { inviteMemberPath, memberPath } from '../../../app/paths';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { formatDate } from '../../../lib/dates';
import { organizationUserListQuery } from '../api/organization-user-list';
import { MEMBER_STATUS_LABELS, options } from './labels';
import { MemberStatusBadge } from './MemberStatusBadge';

const fullName = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || '—';

/** The team tab: the organization's members with search, status filter and pagination in the URL. */
export function TeamTab({ organization }: { organization: Organization }) {
  const list = useListParams(['status'] as const);
  const { tab: _tab, ...query } = list.query as Record<string, unknown>;
  const members = useQuery(organizationUserListQuery({ ...query, organizationId: organization._id }));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          Members sign in to this console and work on the events you assign them.
        </Text>
        <Button
          component={Link}
          to={inviteMemberPath(organization._id)}
          leftSection={<IconUserPlus size={16} />}
        >
          Invite member
        </Button>
      </Group>
      <DataTable<Member>
        {...tableBinding(list, members, 'No members yet. Invite someone to help run this organization.')}
        label="Members"
        minWidth={680}
        rowKey={(m) => m._id}
        searchPlaceholder="Search by name or email"
        toolbar={
          <ListFilter
            list={list}
            name="status"
            label="Filter by status"
            data={[{ value: '', label: 'All statuses' }, ...options(MEMBER_STATUS_LABELS)]}
            w={160}
          />
        }
        columns={[
          {
            key: 'firstName',
            title: 'Name',
            sortable: true,
            render: (m) => (
              <Anchor component={Link} to={memberPath(organization._id, m._id)} fw={500}>
                {fullName(m)}
              </Anchor>
            ),
          },
          { key: 'email', title: 'Email', sortable: true, render: (m) => <Text size="sm">{m.email}</Text> },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (m) => <MemberStatusBadge status={m.status} />,
          },
          {
            key: 'createdAt',
            title: 'Added',
            sortable: true,
            render: (m) => <Text size="sm">{formatDate(m.createdAt)}</Text>,
          },
        ]}
      />
    </Stack>
  );
}
