import { Button, Menu, SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUserListItem, OrganizerListItem } from '@marquee/contract';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CARD_LAYOUT_QUERY, DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { type ListParams, tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { useOrganizerList } from '../api/get-organizer-list';
import { useUserList } from '../api/get-user-list';
import { useUserExport } from '../api/user-export';
import { NON_PROFIT_OPTIONS, REQUEST_OPTIONS, ROLE_OPTIONS, STATUS_OPTIONS } from '../components/labels';
import { organizerColumns, userColumns } from '../components/user-columns';

const USER_FILTERS = ['role', 'status', 'organizerRequest', 'nonProfit'] as const;
type View = 'all' | 'organizers';

/** Role, status, organizer request and non-profit state; folded behind "Filters" on phones. */
function UserFilters({ list, organizers }: { list: ListParams; organizers: boolean }) {
  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const names = organizers ? (['status'] as const) : USER_FILTERS;
  const active = names.filter((name) => list.filters[name] !== undefined);
  const toggle = (
    <Button variant="default" aria-expanded={open} onClick={() => setOpen(!open)}>
      {`${open ? 'Hide filters' : 'Filters'}${active.length ? ` (${active.length})` : ''}`}
    </Button>
  );
  if (phone && !open) return toggle;
  return (
    <>
      {phone && toggle}
      {!organizers && <ListFilter list={list} name="role" label="Role" data={ROLE_OPTIONS} w={150} />}
      <ListFilter list={list} name="status" label="Status" data={STATUS_OPTIONS} w={150} />
      {!organizers && (
        <ListFilter
          list={list}
          name="organizerRequest"
          label="Organizer request"
          data={REQUEST_OPTIONS}
          w={210}
        />
      )}
      {!organizers && (
        <ListFilter list={list} name="nonProfit" label="Non-profit" data={NON_PROFIT_OPTIONS} w={200} />
      )}
      {active.length > 0 && (
        <Button
          variant="subtle"
          onClick={() => list.set(Object.fromEntries(active.map((n) => [n, undefined])))}
        >
          Clear filters
        </Button>
      )}
    </>
  );
}

function AllUsers({ list }: { list: ListParams }) {
  const query = useUserList(list.query);
  return (
    <DataTable<AdminUserListItem>
      label="Users"
      minWidth={960}
      {...tableBinding(list, query, 'No users yet.')}
      rowKey={(u) => u._id}
      searchPlaceholder="Name, email, username or phone"
      toolbar={<UserFilters list={list} organizers={false} />}
      columns={userColumns}
    />
  );
}

function Organizers({ list }: { list: ListParams }) {
  const { role: _r, organizerRequest: _o, nonProfit: _n, ...query } = list.query as Record<string, unknown>;
  const result = useOrganizerList(query);
  return (
    <DataTable<OrganizerListItem>
      label="Organizers"
      minWidth={900}
      {...tableBinding(list, result, 'No approved organizers yet.')}
      rowKey={(u) => u._id}
      searchPlaceholder="Name, email, username or phone"
      toolbar={<UserFilters list={list} organizers />}
      columns={organizerColumns}
    />
  );
}

/** `/user-management`: every user, or the approved organizers, with search, filters, sort and export. */
export function UserManagementPage() {
  const list = useListParams(USER_FILTERS);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'organizers' ? 'organizers' : 'all';
  const exporter = useUserExport();
  const { page: _p, limit: _l, ...filters } = list.query;

  const exportMenu = (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Menu.Item key={format} onClick={() => void exporter.start({ ...filters, format })}>
            {`Users as ${format.toUpperCase()}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <Stack gap="lg">
        <PageHeader
          title="User management"
          description="Everyone with a Marquee account: find a person, see what they booked and run, block or unblock them."
          actions={view === 'all' ? exportMenu : undefined}
        />
        <SegmentedControl
          aria-label="Which people"
          value={view}
          onChange={(value) =>
            setParams(value === 'organizers' ? { view: 'organizers' } : {}, { replace: true })
          }
          data={[
            { value: 'all', label: 'All users' },
            { value: 'organizers', label: 'Organizers' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {view === 'all' ? <AllUsers list={list} /> : <Organizers list={list} />}
      </Stack>
      {exporter.modal}
    </>
  );
}
