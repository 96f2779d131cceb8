import { Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import type { Subcategory } from '@marquee/contract';
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
import { useDeleteSubcategory } from '../api/delete-subcategory';
import { useCategoryOptions } from '../api/get-category-list';
import { useSetSubcategoryPopular } from '../api/mark-as-popular-subcategory';
import { useSubcategoryList } from '../api/subcategory-list';
import { useSetSubcategoryStatus } from '../api/update-status-subcategory';
import { SubcategoryFormModal } from './SubcategoryFormModal';

export function SubcategoriesTab() {
  const list = useListParams(['status', 'categoryId'] as const);
  const query = useSubcategoryList(list.query);
  const categories = useCategoryOptions();
  const [editing, setEditing] = useState<Subcategory | 'new' | null>(null);
  const setStatus = useSetSubcategoryStatus();
  const setPopular = useSetSubcategoryPopular();
  const remove = useDeleteSubcategory();

  return (
    <>
      <DataTable<Subcategory>
        {...tableBinding(list, query, 'No subcategories yet.')}
        label="Subcategories"
        rowKey={(s) => s._id}
        searchPlaceholder="Search subcategories"
        toolbar={
          <>
            <Select
              aria-label="Filter by category"
              placeholder="All categories"
              clearable
              searchable
              data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              value={list.filters.categoryId ?? null}
              onChange={(categoryId) => list.set({ categoryId: categoryId ?? undefined })}
              w={180}
            />
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
            <PageAction>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Add subcategory
              </Button>
            </PageAction>
          </>
        }
        columns={[
          {
            key: 'image',
            title: 'Image',
            render: (s) => <Thumb src={s.thumbnail ?? s.image} alt={s.name} />,
            width: 64,
          },
          { key: 'name', title: 'Name', sortable: true, render: (s) => <Text fw={500}>{s.name}</Text> },
          {
            key: 'categories',
            title: 'Categories',
            render: (s) => (
              <Group gap={4}>
                {s.categories.map((c) => (
                  <Badge key={c._id} variant="outline" color="gray" tt="none">
                    {c.name}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (s) => <StatusBadge status={s.status} />,
          },
          {
            key: 'popular',
            title: 'Popular',
            render: (s) => (
              <Switch
                aria-label={`Popular: ${s.name}`}
                checked={s.isPopular}
                onChange={() =>
                  openConfirmAction({
                    title: s.isPopular ? 'Unmark popular' : 'Mark as popular',
                    message: s.isPopular
                      ? `Remove "${s.name}" from the popular subcategories?`
                      : `Show "${s.name}" among the popular subcategories?`,
                    onConfirm: () =>
                      setPopular.mutateAsync({ subcategoryId: s._id, isPopular: !s.isPopular }),
                  })
                }
              />
            ),
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (s) => (
              <RowActions
                name={s.name}
                edit={{ onClick: () => setEditing(s) }}
                status={{
                  active: s.status === 'ACTIVE',
                  onToggle: () =>
                    setStatus.mutate({
                      subcategoryId: s._id,
                      status: s.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                    }),
                }}
                remove={{
                  title: 'Delete subcategory',
                  message: `Delete "${s.name}"? This cannot be undone.`,
                  onConfirm: () => remove.mutateAsync({ subcategoryId: s._id }),
                }}
              />
            ),
          },
        ]}
      />
      {editing !== null && <SubcategoryFormModal subcategory={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
