import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import type { EventSummary } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { tableBinding, useListParams } from '../../../components/list-params';
import { eventsTabQuery } from '../api/panel-organizer-event-list';
import { eventOrdersPath } from '../paths';
import { inEventZone, zoneOf } from './labels';

const WHEN = [
  { value: 'UPCOMING', label: 'Upcoming' },
  { value: 'PAST', label: 'Past' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** The orders screen's events tab: each event the caller may read, leading to its orders. */
export function EventsWithOrders() {
  const list = useListParams(['tab', 'when'] as const);
  const when = WHEN.some((w) => w.value === list.filters.when) ? (list.filters.when as string) : 'UPCOMING';
  const { tab: _tab, when: _when, ...rest } = list.query as Record<string, unknown>;
  const result = useQuery(eventsTabQuery({ ...rest, tab: when }));
  return (
    <DataTable<EventSummary>
      label="Events"
      minWidth={720}
      {...tableBinding({ ...list, isFiltered: list.search !== '' }, result, 'No events here.')}
      rowKey={(e) => e._id}
      searchPlaceholder="Search events"
      toolbar={
        <SegmentedControl
          aria-label="Which events"
          data={WHEN}
          value={when}
          onChange={(value) => list.set({ when: value === 'UPCOMING' ? undefined : value })}
        />
      }
      columns={[
        {
          key: 'title',
          title: 'Event',
          sortable: true,
          card: 'title',
          render: (e) => (
            <Stack gap={0}>
              <Anchor component={Link} to={eventOrdersPath(e._id)} fw={500}>
                {e.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {e.organization.name}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'startsAt',
          title: 'Starts',
          sortable: true,
          render: (e) =>
            e.startsAt ? (
              <Stack gap={0}>
                <Text size="sm">{inEventZone(e.startsAt, e.timeZone)}</Text>
                <Text size="xs" c="dimmed">
                  {zoneOf(e.timeZone, e.startsAt)}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No date yet
              </Text>
            ),
        },
        {
          key: 'sold',
          title: 'Sold',
          sortable: true,
          render: (e) => `${e.sold} / ${e.capacity ?? '∞'}`,
        },
        {
          key: 'actions',
          title: 'Orders',
          render: (e) => (
            <Anchor component={Link} to={eventOrdersPath(e._id)} size="sm">
              {`View orders of ${e.title}`}
            </Anchor>
          ),
        },
      ]}
    />
  );
}
