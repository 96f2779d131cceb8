import { Button, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { BookingStatus } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CARD_LAYOUT_QUERY } from '../../../components/DataTable';
import { ListFilter } from '../../../components/ListFilter';
import type { ListParams } from '../../../components/list-params';
import { organizationOptionsQuery } from '../api/panel-organization-list';
import { eventOptionsQuery } from '../api/panel-organizer-event-list';
import { BOOKING_STATUS_LABELS } from './labels';

export const ORDER_FILTERS = ['organizationId', 'eventId', 'status', 'from', 'to'] as const;

/** Events to narrow the orders to: upcoming and past ones matching what was typed into the picker. */
function useEventOptions(search: string, selectedId: string | undefined) {
  const upcoming = useQuery(eventOptionsQuery('UPCOMING', search));
  const past = useQuery(eventOptionsQuery('PAST', search));
  const seen = new Map<string, string>();
  for (const e of [...(upcoming.data?.items ?? []), ...(past.data?.items ?? [])]) {
    seen.set(e._id, `${e.title} · ${e.organization.name}`);
  }
  // The chosen event stays named while another search is typed.
  if (selectedId && !seen.has(selectedId)) seen.set(selectedId, 'Chosen event');
  return [...seen].map(([value, label]) => ({ value, label }));
}

const BOOKING_STATUSES = [
  { value: '', label: 'All statuses' },
  ...BookingStatus.options.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] ?? value })),
];

/**
 * Organization, event, status and date range, each kept in the URL under the API's name. Other lists of
 * the orders screens (refund requests) pass their own `statuses` and say what their dates are of.
 */
export function OrderFilters({
  list,
  withEvent = true,
  statuses = BOOKING_STATUSES,
  noun = 'Orders made',
}: {
  list: ListParams;
  withEvent?: boolean;
  statuses?: { value: string; label: string }[];
  noun?: string;
}) {
  const organizations = useQuery({ ...organizationOptionsQuery(), enabled: withEvent });
  const [eventSearch, setEventSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(eventSearch, 300);
  const events = useEventOptions(withEvent ? debouncedSearch : '', list.filters.eventId);
  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const names = withEvent ? ORDER_FILTERS : (['status', 'from', 'to'] as const);
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
      {withEvent && (
        <Select
          aria-label="Filter by organization"
          placeholder="All organizations"
          data={(organizations.data?.items ?? []).map((o) => ({ value: o._id, label: o.name }))}
          value={list.filters.organizationId ?? null}
          onChange={(value) => list.set({ organizationId: value ?? undefined })}
          searchable
          clearable
          w={190}
        />
      )}
      {withEvent && (
        <Select
          aria-label="Filter by event"
          placeholder="All events"
          data={events}
          value={list.filters.eventId ?? null}
          onChange={(value) => list.set({ eventId: value ?? undefined })}
          searchValue={eventSearch}
          onSearchChange={setEventSearch}
          searchable
          clearable
          w={220}
        />
      )}
      <ListFilter list={list} name="status" label="Filter by status" data={statuses} w={190} />
      <TextInput
        type="date"
        aria-label="Ordered from"
        leftSection={
          <Text size="xs" c="dimmed">
            From
          </Text>
        }
        leftSectionWidth={44}
        title={`${noun} on or after this date (in your time zone)`}
        value={list.filters.from ?? ''}
        max={list.filters.to}
        onChange={(e) => list.set({ from: e.currentTarget.value || undefined })}
        w={180}
      />
      <TextInput
        type="date"
        aria-label="Ordered to"
        leftSection={
          <Text size="xs" c="dimmed">
            To
          </Text>
        }
        leftSectionWidth={44}
        title={`${noun} on or before this date (in your time zone)`}
        value={list.filters.to ?? ''}
        min={list.filters.from}
        onChange={(e) => list.set({ to: e.currentTarget.value || undefined })}
        w={160}
      />
      {active.length > 0 && (
        <Button
          variant="subtle"
          onClick={() => list.set(Object.fromEntries(active.map((name) => [name, undefined])))}
        >
          Clear filters
        </Button>
      )}
    </>
  );
}
