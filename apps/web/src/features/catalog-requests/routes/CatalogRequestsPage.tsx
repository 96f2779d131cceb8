import { Button, Stack, Text } from '@mantine/core';
import type { CatalogRequest } from '@marquee/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/dates';
import { useCategoryOptions } from '../../catalog';
import { useMyCatalogRequests } from '../api/get-my-catalog-request-list';
import { REQUEST_KIND_LABELS } from '../components/CatalogRequestForm';
import { CatalogRequestModal } from '../components/CatalogRequestModal';

const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
const KIND_FILTER = [
  { value: '', label: 'All kinds' },
  ...Object.entries(REQUEST_KIND_LABELS).map(([value, label]) => ({ value, label })),
];

/** An approved organizer's requests for new categories, subcategories and tags, and their outcome. */
export function CatalogRequestsPage() {
  const list = useListParams(['status', 'kind'] as const);
  const query = useMyCatalogRequests(list.query);
  const categories = useCategoryOptions();
  const categoryName = new Map((categories.data ?? []).map((c) => [c._id, c.name]));
  const [opened, setOpened] = useState(false);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Catalog requests"
        description="Ask the administrators for a category, subcategory or tag your events need."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
            New request
          </Button>
        }
      />
      <DataTable<CatalogRequest>
        {...tableBinding(list, query, 'You have not requested anything yet.')}
        label="My requests"
        rowKey={(r) => r._id}
        searchPlaceholder="Search by name"
        minWidth={720}
        toolbar={
          <>
            <ListFilter list={list} name="kind" label="Filter by kind" data={KIND_FILTER} w={150} />
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
          </>
        }
        columns={[
          { key: 'name', title: 'Name', sortable: true, render: (r) => <Text fw={500}>{r.name}</Text> },
          {
            key: 'kind',
            title: 'Kind',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{REQUEST_KIND_LABELS[r.kind]}</Text>
                {r.categoryIds.length > 0 && (
                  <Text size="xs" c="dimmed">
                    in {r.categoryIds.map((id) => categoryName.get(id) ?? 'a category').join(', ')}
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'note', title: 'Note', render: (r) => r.note ?? '—' },
          { key: 'createdAt', title: 'Requested', sortable: true, render: (r) => formatDate(r.createdAt) },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (r) => (
              <Stack gap={2} align="flex-start">
                <StatusBadge status={r.status} />
                {r.rejectionReason && (
                  <Text size="xs" c="dimmed">
                    Reason: {r.rejectionReason}
                  </Text>
                )}
              </Stack>
            ),
          },
        ]}
      />
      <CatalogRequestModal opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}

export default CatalogRequestsPage;
