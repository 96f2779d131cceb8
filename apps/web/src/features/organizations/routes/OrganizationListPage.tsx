import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Organization } from '@marquee/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { organizationPath, PATHS } from '../../../app/paths';
import { DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/dates';
import { useMayAccess } from '../../auth';
import { organizationListQuery } from '../api/panel-organization-list';
import { PAYOUT_STATUS_LABELS } from '../components/labels';
import { OrganizationLogo } from '../components/OrganizationLogo';
import { OwnerFilter } from '../components/OwnerFilter';

const ACCESS_LABELS: Record<Organization['access'], string> = {
  OWNER: 'Owner',
  ADMIN: 'Administrator',
  MEMBER: 'Member',
};

/** `/organizations`: an organizer's own and member-of organizations; an administrator's view of all. */
export function OrganizationListPage() {
  const isAdmin = useMayAccess('admin');
  const isOrganizer = useMayAccess('approved-organizer');
  const list = useListParams(['ownerId', 'ownerName'] as const);
  const { ownerName, ...query } = list.query as Record<string, unknown>;
  const result = useQuery(organizationListQuery(query));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Organizations"
        description={
          isAdmin ? 'Every organization on the marketplace.' : 'The organizations you own or belong to.'
        }
        actions={
          isOrganizer && (
            <Button component={Link} to={PATHS.newOrganization} leftSection={<IconPlus size={16} />}>
              Add organization
            </Button>
          )
        }
      />
      <DataTable<Organization>
        label="Organizations"
        minWidth={760}
        {...tableBinding(
          list,
          result,
          isOrganizer ? 'No organizations yet. Add your first one.' : 'No organizations yet.',
        )}
        rowKey={(o) => o._id}
        searchPlaceholder="Search organizations"
        toolbar={
          isAdmin && (
            <OwnerFilter
              ownerId={list.filters.ownerId}
              ownerName={typeof ownerName === 'string' ? ownerName : undefined}
              onChange={(owner) => list.set({ ownerId: owner?.ownerId, ownerName: owner?.ownerName })}
            />
          )
        }
        columns={[
          {
            key: 'name',
            title: 'Organization',
            sortable: true,
            render: (o) => (
              <Group gap="sm" wrap="nowrap">
                <OrganizationLogo organization={o} size={36} />
                <Anchor component={Link} to={organizationPath(o._id)} fw={500}>
                  {o.name}
                </Anchor>
              </Group>
            ),
          },
          {
            key: 'owner',
            title: 'Owner',
            render: (o) =>
              isAdmin ? (
                <Anchor
                  component="button"
                  size="sm"
                  onClick={() => list.set({ ownerId: o.owner._id, ownerName: o.owner.name })}
                  title="Show only this owner's organizations"
                >
                  {o.owner.name}
                </Anchor>
              ) : (
                <Text size="sm">{o.owner.name}</Text>
              ),
          },
          {
            key: 'access',
            title: 'You are',
            render: (o) => <Text size="sm">{ACCESS_LABELS[o.access]}</Text>,
          },
          { key: 'currency', title: 'Currency', sortable: true, render: (o) => o.currency },
          { key: 'members', title: 'Active members', render: (o) => o.activeMemberCount },
          {
            key: 'payouts',
            title: 'Payouts',
            render: (o) => <Text size="sm">{PAYOUT_STATUS_LABELS[o.payoutStatus]}</Text>,
          },
          {
            key: 'createdAt',
            title: 'Created',
            sortable: true,
            render: (o) => <Text size="sm">{formatDate(o.createdAt)}</Text>,
          },
        ]}
      />
    </Stack>
  );
}

export default OrganizationListPage;
