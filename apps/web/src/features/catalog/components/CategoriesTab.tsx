import { Button, Switch, Text } from '@mantine/core';
import type { Category } from '@marquee/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmAction } from '../../../components/ConfirmAction';
import { DataTable } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageAction } from '../../../components/page-actions';
import { RowActions } from '../../../components/RowActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { STATUS_FILTER } from '../../../components/status-options';
import { Thumb } from '../../../components/Thumb';
import { useCategoryList } from '../api/category-list-with-pagination';
import { useSetCategoryPopular } from '../api/mark-as-popular-category';
import { useSetCategoryStatus } from '../api/update-status-category';
import { CategoryFormModal } from './CategoryFormModal';

export function CategoriesTab() {
  const list = useListParams(['status'] as const);
  const query = useCategoryList(list.query);
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const setStatus = useSetCategoryStatus();
  const setPopular = useSetCategoryPopular();

  return (
    <>
      <DataTable<Category>
        {...tableBinding(list, query, 'No categories yet.')}
        label="Categories"
        rowKey={(c) => c._id}
        searchPlaceholder="Search categories"
        toolbar={
          <>
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
            <PageAction>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Add category
              </Button>
            </PageAction>
          </>
        }
        columns={[
          {
            key: 'image',
            title: 'Image',
            render: (c) => <Thumb src={c.thumbnail ?? c.image} alt={c.name} />,
            width: 64,
          },
          { key: 'name', title: 'Name', sortable: true, render: (c) => <Text fw={500}>{c.name}</Text> },
          { key: 'subcategories', title: 'Subcategories', render: (c) => c.subcategoryCount },
          { key: 'order', title: 'Order', sortable: true, render: (c) => c.order },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (c) => <StatusBadge status={c.status} />,
          },
          {
            key: 'popular',
            title: 'Popular',
            render: (c) => (
              <Switch
                aria-label={`Popular: ${c.name}`}
                checked={c.isPopular}
                onChange={() =>
                  openConfirmAction({
                    title: c.isPopular ? 'Unmark popular' : 'Mark as popular',
                    message: c.isPopular
                      ? `Remove "${c.name}" from the popular categories?`
                      : `Show "${c.name}" among the popular categories?`,
                    onConfirm: () => setPopular.mutateAsync({ categoryId: c._id, isPopular: !c.isPopular }),
                  })
                }
              />
            ),
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (c) => (
              <RowActions
                name={c.name}
                edit={{ onClick: () => setEditing(c) }}
                status={{
                  active: c.status === 'ACTIVE',
                  onToggle: () =>
                    setStatus.mutateAsync({
                      categoryId: c._id,
                      status: c.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                    }),
                  confirm: {
                    title: c.status === 'ACTIVE' ? 'Deactivate category' : 'Activate category',
                    message:
                      c.status === 'ACTIVE'
                        ? `Organizers will no longer be able to choose "${c.name}".`
                        : `Organizers will be able to choose "${c.name}" again.`,
                  },
                }}
              />
            ),
          },
        ]}
      />
      {editing !== null && <CategoryFormModal category={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
