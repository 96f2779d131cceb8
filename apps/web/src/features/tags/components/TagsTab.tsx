import { Button, Text } from '@mantine/core';
import type { Tag } from '@marquee/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageAction } from '../../../components/page-actions';
import { RowActions } from '../../../components/RowActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { STATUS_FILTER } from '../../../components/status-options';
import { formatDate } from '../../../lib/dates';
import { useDeleteTags } from '../api/delete-tag';
import { useTagList } from '../api/tag-list-with-pagination';
import { TagFormModal } from './TagFormModal';

export function TagsTab() {
  const list = useListParams(['status'] as const);
  const query = useTagList(list.query);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const remove = useDeleteTags();

  function confirmDelete(ids: string[], label: string) {
    openConfirmAction({
      title: ids.length === 1 ? 'Delete tag' : 'Delete tags',
      message: `Delete ${label}? This cannot be undone.`,
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync({ tagIds: ids });
        setSelected((current) => current.filter((id) => !ids.includes(id)));
      },
    });
  }

  return (
    <>
      <DataTable<Tag>
        {...tableBinding(list, query, 'No tags yet.')}
        label="Tags"
        rowKey={(t) => t._id}
        searchPlaceholder="Search tags"
        selection={{ selected, onChange: setSelected }}
        bulkActions={[
          {
            label: 'Delete selected',
            action: 'delete',
            color: 'red',
            icon: <IconTrash size={16} />,
            onRun: (ids) => confirmDelete(ids, `${ids.length} selected tag${ids.length === 1 ? '' : 's'}`),
          },
        ]}
        toolbar={
          <>
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
            <PageAction>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Add tag
              </Button>
            </PageAction>
          </>
        }
        columns={[
          { key: 'name', title: 'Name', sortable: true, render: (t) => <Text fw={500}>{t.name}</Text> },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (t) => <StatusBadge status={t.status} />,
          },
          { key: 'createdAt', title: 'Created', sortable: true, render: (t) => formatDate(t.createdAt) },
          {
            key: 'actions',
            title: 'Actions',
            render: (t) => (
              <RowActions
                name={t.name}
                edit={{ onClick: () => setEditing(t) }}
                remove={{
                  title: 'Delete tag',
                  message: `Delete "${t.name}"? This cannot be undone.`,
                  onConfirm: async () => {
                    await remove.mutateAsync({ tagIds: [t._id] });
                    setSelected((current) => current.filter((id) => id !== t._id));
                  },
                }}
              />
            ),
          },
        ]}
      />
      {editing !== null && <TagFormModal tag={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
