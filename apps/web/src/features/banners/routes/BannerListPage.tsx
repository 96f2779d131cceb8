import { ActionIcon, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Banner } from '@marquee/contract';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { editBannerPath, PATHS } from '../../../app/paths';
import { DataTable } from '../../../components/DataTable';
import { EnumBadge } from '../../../components/EnumBadge';
import { ListFilter } from '../../../components/ListFilter';
import { tableBinding, useListParams } from '../../../components/list-params';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { STATUS_FILTER } from '../../../components/status-options';
import { Thumb } from '../../../components/Thumb';
import { formatCompactDateTime } from '../../../lib/dates';
import { useDeleteBanner } from '../api/delete-banner';
import { useBannerList } from '../api/get-banner-list';
import { useReorderBanner } from '../api/reorder-banner';
import { useSetBannerStatus } from '../api/update-banner-status';
import { VISIBILITY_LABELS, VISIBILITY_OPTIONS } from '../components/labels';

function linkText(b: Banner) {
  if (b.linkType === 'URL') return b.linkValue;
  if (b.linkType === 'CATEGORY') return `Category: ${b.linkLabel ?? 'deleted'}`;
  return `Event ${b.linkValue.slice(0, 8)}…`;
}

export function BannerListPage() {
  const list = useListParams(['status', 'visibility'] as const, { limit: 50 });
  const query = useBannerList(list.query);
  const setStatus = useSetBannerStatus();
  const reorder = useReorderBanner();
  const remove = useDeleteBanner();
  const rows = query.data?.items ?? [];
  // Reordering moves a banner among all banners, so it is offered on the unfiltered list in display order.
  const canReorder =
    !list.search &&
    !list.filters.status &&
    !list.filters.visibility &&
    !list.sort &&
    list.page === 1 &&
    (query.data?.total ?? 0) <= list.limit;

  function move(index: number, delta: number) {
    const ids = rows.map((r) => r._id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + delta, 0, id);
    reorder.mutate({ bannerIds: ids });
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Banner management"
        description="Banners shown at the top of the marketplace, in this order."
        actions={
          <Button component={Link} to={PATHS.newBanner} leftSection={<IconPlus size={16} />}>
            Add banner
          </Button>
        }
      />
      <DataTable<Banner>
        {...tableBinding(list, query, 'No banners yet.')}
        label="Banners"
        minWidth={1080}
        rowKey={(b) => b._id}
        searchPlaceholder="Search banners"
        toolbar={
          <>
            <ListFilter list={list} name="status" label="Filter by status" data={STATUS_FILTER} w={150} />
            <ListFilter
              list={list}
              name="visibility"
              label="Filter by visibility"
              data={[{ value: '', label: 'Any visibility' }, ...VISIBILITY_OPTIONS]}
              w={170}
            />
          </>
        }
        columns={[
          {
            key: 'order',
            title: 'Order',
            sortable: true,
            width: 90,
            render: (b) => {
              const index = rows.findIndex((r) => r._id === b._id);
              return canReorder ? (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Move ${b.title} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Move ${b.title} down`}
                    disabled={index === rows.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              ) : (
                b.order + 1
              );
            },
          },
          {
            key: 'image',
            title: 'Image',
            render: (b) => <Thumb src={b.thumbnail ?? b.image} alt={b.title} />,
            width: 64,
          },
          { key: 'title', title: 'Title', sortable: true, render: (b) => <Text fw={500}>{b.title}</Text> },
          {
            key: 'link',
            title: 'Links to',
            render: (b) =>
              b.linkType === 'URL' ? (
                <Anchor href={b.linkValue} target="_blank" rel="noreferrer" size="sm" lineClamp={1} maw={220}>
                  {b.linkValue}
                </Anchor>
              ) : (
                <Text size="sm">{linkText(b)}</Text>
              ),
          },
          {
            key: 'visibility',
            title: 'Visibility',
            render: (b) => <EnumBadge value={b.visibility} labels={VISIBILITY_LABELS} color="indigo" />,
          },
          {
            key: 'activeFrom',
            title: 'Active',
            sortable: true,
            render: (b) => (
              <Text size="xs">
                {b.activeFrom ? formatCompactDateTime(b.activeFrom) : 'Any time'}
                {' → '}
                {b.activeTo ? formatCompactDateTime(b.activeTo) : 'no end'}
              </Text>
            ),
          },
          { key: 'status', title: 'Status', render: (b) => <StatusBadge status={b.status} /> },
          {
            key: 'actions',
            title: 'Actions',
            render: (b) => (
              <RowActions
                name={b.title}
                edit={{ to: editBannerPath(b._id) }}
                status={{
                  active: b.status === 'ACTIVE',
                  onToggle: () =>
                    setStatus.mutate({
                      bannerId: b._id,
                      status: b.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                    }),
                }}
                remove={{
                  title: 'Delete banner',
                  message: `Delete the banner "${b.title}"? This cannot be undone.`,
                  onConfirm: () => remove.mutateAsync({ bannerId: b._id }),
                }}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}

export default BannerListPage;
