import { Anchor, Group, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import {
  type EmptySelectionAction,
  EVENT_ROLE_LABELS,
  type EventAction,
  type EventSummary,
  type EventTab,
} from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type BulkAction, DataTable } from '../../../../components/DataTable';
import { tableBinding, useListParams } from '../../../../components/list-params';
import { Thumb } from '../../../../components/Thumb';
import { toast } from '../../../../lib/toasts';
import { useMayAccess } from '../../../auth';
import { eventListQuery } from '../../api/panel-organizer-event-list';
import { type EventListTab, eventDetailsPath } from '../../paths';
import { ACTION_SPECS } from '../moderation/event-actions';
import { useEditEvent } from '../moderation/use-edit-event';
import { useEventModeration } from '../moderation/use-event-moderation';
import { EventStatusBadges, KindBadge } from './EventBadges';
import { EVENT_FILTERS, EventFilters, isNarrowed } from './EventFilters';
import { EventRowMenu } from './EventRowMenu';
import { EventWhenText } from './EventWhenText';

export const EVENT_TABS: { value: EventListTab; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'drafts', label: 'Drafts' },
  { value: 'archived', label: 'Archived' },
  { value: 'cancelled', label: 'Cancelled' },
];

const EMPTY: Record<EventListTab, string> = {
  upcoming: 'No upcoming events.',
  past: 'No past events.',
  drafts: 'No drafts.',
  archived: 'No archived events.',
  cancelled: 'No cancelled events.',
};

export const scannerSelectionMessage = (title: string) =>
  `You scan tickets for "${title}": only its organizers can archive or delete it.`;

/** The URL keeps the tab in lower case (`?tab=drafts`); the API names it in capitals. */
export function tabOf(value: string | undefined): EventListTab {
  return EVENT_TABS.some((t) => t.value === value) ? (value as EventListTab) : 'upcoming';
}

// The contract's wording for every bulk action started with nothing selected, for the two moderation
// bulk actions of administrators as well ("You seem to be trying to block, but no data is selected.").
const bulkWord = (action: EventAction) => action.toLowerCase() as EmptySelectionAction;

/**
 * The event list (`panel-organizer-event-list`): tabs, filters, search and sort in the URL, row menus
 * and bulk actions. `organizationId` fixes it to one organization (organization-events).
 */
export function EventList({ organizationId }: { organizationId?: string }) {
  const isAdmin = useMayAccess('admin');
  const mayUseCatalog = useMayAccess('organizer');
  const list = useListParams(EVENT_FILTERS);
  const tab = tabOf(list.filters.tab);
  const query: Record<string, unknown> = {
    ...list.query,
    tab: tab.toUpperCase() as EventTab,
    ...(organizationId ? { organizationId } : {}),
  };
  const result = useQuery(eventListQuery(query));
  const moderation = useEventModeration();
  const edit = useEditEvent();
  // A selection belongs to the tab it was made on: another tab starts with nothing selected.
  const [selection, setSelection] = useState<{ tab: EventListTab; ids: string[] }>({ tab, ids: [] });
  const selected = selection.tab === tab ? selection.ids : [];
  // Rows seen on any page, so a selection spanning pages still knows what it holds.
  const seen = useRef(new Map<string, EventSummary>());
  for (const row of result.data?.items ?? []) seen.current.set(row._id, row);
  // A scanner's event cannot be archived or deleted by them (the server would refuse the whole batch
  // as not found): it is left out of the selection, and the first time they try, they are told why.
  const setSelected = (ids: string[]) => {
    const scanned = ids.filter((id) => seen.current.get(id)?.myRole === 'SCANNER');
    const fresh = scanned.filter((id) => !selected.includes(id));
    const tried = fresh.length > 0 && ids.length === selected.length + 1;
    if (tried) toast.info(scannerSelectionMessage(seen.current.get(fresh[0] ?? '')?.title ?? ''));
    setSelection({ tab, ids: ids.filter((id) => !scanned.includes(id)) });
  };

  const eventsOf = (ids: string[]) =>
    ids.map(
      (id) =>
        seen.current.get(id) ?? {
          _id: id,
          title: '',
          status: 'PUBLISHED' as const,
          myRole: 'OWNER' as const,
          isBlocked: false,
          isVerified: false,
          isReported: false,
          isArchived: false,
        },
    );
  const bulk: BulkAction[] = (
    isAdmin ? (['ARCHIVE', 'DELETE', 'BLOCK', 'VERIFY'] as const) : (['ARCHIVE', 'DELETE'] as const)
  ).map((action) => ({
    label: tab === 'archived' && action === 'ARCHIVE' ? 'Unarchive' : ACTION_SPECS[action].label,
    action: bulkWord(action),
    color: action === 'DELETE' || action === 'BLOCK' ? 'red' : undefined,
    onRun: (ids) =>
      void moderation.run(
        tab === 'archived' && action === 'ARCHIVE' ? 'UNARCHIVE' : action,
        eventsOf(ids),
        () => setSelected([]),
      ),
  }));

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => list.set({ tab: value === 'upcoming' ? undefined : (value ?? undefined) })}
      >
        <Tabs.List>
          {EVENT_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<EventSummary>
        label="Events"
        minWidth={980}
        {...tableBinding({ ...list, isFiltered: isNarrowed(list) }, result, EMPTY[tab])}
        rowKey={(e) => e._id}
        searchPlaceholder="Search events"
        selection={{ selected, onChange: setSelected }}
        bulkActions={bulk}
        toolbar={<EventFilters list={list} withOrganization={!organizationId} withCategory={mayUseCatalog} />}
        columns={[
          {
            key: 'image',
            title: <VisuallyHidden>Image</VisuallyHidden>,
            card: 'hidden',
            width: 56,
            render: (e) => <Thumb src={e.image} alt="" />,
          },
          {
            key: 'title',
            title: 'Event',
            sortable: true,
            card: 'title',
            render: (e) => (
              <Anchor component={Link} to={eventDetailsPath(e._id, e.kind)} fw={500}>
                {e.title}
              </Anchor>
            ),
          },
          ...(organizationId
            ? []
            : [
                {
                  key: 'organization',
                  title: 'Organization',
                  render: (e: EventSummary) => <Text size="sm">{e.organization.name}</Text>,
                },
              ]),
          { key: 'kind', title: 'Kind', render: (e) => <KindBadge kind={e.kind} /> },
          {
            key: 'startsAt',
            title: 'When',
            sortable: true,
            render: (e) => <EventWhenText startsAt={e.startsAt} endsAt={e.endsAt} timeZone={e.timeZone} />,
          },
          { key: 'status', title: 'Status', render: (e) => <EventStatusBadges event={e} /> },
          {
            key: 'sold',
            title: 'Sold',
            sortable: true,
            render: (e) => (
              <Text size="sm">{e.capacity === null ? `${e.sold}` : `${e.sold} / ${e.capacity}`}</Text>
            ),
          },
          {
            key: 'myRole',
            // Kept on one line: a two-line header made the table's header row taller than the others.
            title: <span style={{ whiteSpace: 'nowrap' }}>My role</span>,
            render: (e) => <Text size="sm">{EVENT_ROLE_LABELS[e.myRole]}</Text>,
          },
          {
            key: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            card: 'actions',
            render: (e) => (
              <Group justify="flex-end">
                <EventRowMenu
                  event={e}
                  isAdmin={isAdmin}
                  moderation={moderation}
                  onEdit={(ev) => void edit(ev)}
                />
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
