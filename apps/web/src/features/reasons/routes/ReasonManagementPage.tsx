import { Button, Stack, Text } from '@mantine/core';
import { type AdminReason, REASON_KIND_LABELS, type ReasonKind } from '@marquee/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { STATUS_FILTER } from '../../../components/status-options';
import { useDeleteReason } from '../api/delete-reason';
import { useReasonList } from '../api/reason-list-with-pagination';
import { REASON_KIND_OPTIONS, ReasonFormModal } from '../components/ReasonFormModal';

const KIND_FILTER = [{ value: '', label: 'All kinds' }, ...REASON_KIND_OPTIONS];

/** The reasons offered when buyers ask for refunds, organizers decline them, events are reported or cancelled. */
export function ReasonManagementPage() {
  return <ReasonManagement />;
}

function ReasonManagement() {
  const list = useListParams(['kind', 'status'] as const, { limit: 20 });
  const query = useReasonList(list.query);
  const [editing, setEditing] = useState<AdminReason | 'new' | null>(null);
  const remove = useDeleteReason();
  const kind = list.filters.kind as ReasonKind | undefined;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Reason management"
        description="Reasons offered for refund requests, refund declines, event reports and cancellations."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add reason
          </Button>
        }
      />
      <DataTable<AdminReason>
        {...tableBinding(list, query, 'No reasons yet.')}
        label="Reasons"
        rowKey={(r) => r._id}
        searchPlaceholder="Search reasons"
        minWidth={640}
        toolbar={
          <>
            <ListFilter list={list} name="kind" label="Filter by kind" data={KIND_FILTER} w={180} />
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
          </>
        }
        columns={[
          { key: 'text', title: 'Reason', sortable: true, render: (r) => <Text fw={500}>{r.text}</Text> },
          { key: 'kind', title: 'Kind', sortable: true, render: (r) => REASON_KIND_LABELS[r.kind] },
          { key: 'order', title: 'Order', sortable: true, render: (r) => r.order },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (r) => <StatusBadge status={r.status} />,
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (r) => (
              <RowActions
                name={r.text}
                edit={{ onClick: () => setEditing(r) }}
                remove={{
                  title: 'Delete reason',
                  message: `Delete the ${REASON_KIND_LABELS[r.kind].toLowerCase()} reason "${r.text}"? This cannot be undone.`,
                  onConfirm: () => remove.mutateAsync({ reasonId: r._id }),
                }}
              />
            ),
          },
        ]}
      />
      {editing !== null && (
        <ReasonFormModal reason={editing} defaultKind={kind} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

export default ReasonManagementPage;
