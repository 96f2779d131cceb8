import { Button, Select, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { EVENT_KIND_LABELS } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CARD_LAYOUT_QUERY } from '../../../../components/DataTable';
import { ListFilter } from '../../../../components/ListFilter';
import type { ListParams } from '../../../../components/list-params';
import { useCategoryOptions } from '../../../catalog';
import { organizationOptionsQuery } from '../../api/panel-organization-list';

export const EVENT_FILTERS = [
  'tab',
  'organizationId',
  'kind',
  'categoryId',
  'visibility',
  'flag',
  'from',
  'to',
] as const;

/** The filters that narrow the list (the tab only chooses which list). */
const NARROWING = EVENT_FILTERS.filter((name) => name !== 'tab');

/**
 * Whether a search or a filter narrows the list. The tab does not: an empty Archived tab says "No
 * archived events.", not "Nothing matches these filters".
 */
export function isNarrowed(list: Pick<ListParams, 'search' | 'filters'>): boolean {
  return list.search !== '' || NARROWING.some((name) => list.filters[name] !== undefined);
}

const FLAG_LABELS = { BLOCKED: 'Blocked', VERIFIED: 'Verified', REPORTED: 'Reported' };

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The list's filters, each kept in the URL under the API's name. */
export function EventFilters({
  list,
  withOrganization,
  withCategory,
}: {
  list: ListParams;
  withOrganization: boolean;
  /** The category list is an organizer's and administrator's read. */
  withCategory: boolean;
}) {
  const organizations = useQuery({ ...organizationOptionsQuery(), enabled: withOrganization });
  const categories = useCategoryOptions({ enabled: withCategory });
  // On a phone the seven filters would push the list below the fold: they open on demand.
  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const active = NARROWING.filter((name) => list.filters[name] !== undefined);
  // Open on a phone, each filter takes the whole row: fixed widths left a ragged column with cut words.
  const width = (px: number) => (phone ? '100%' : px);
  const toggle = (
    <Button variant="default" aria-expanded={open} onClick={() => setOpen(!open)}>
      {`${open ? 'Hide filters' : 'Filters'}${active.length ? ` (${active.length})` : ''}`}
    </Button>
  );
  if (phone && !open) return toggle;
  return (
    <>
      {phone && toggle}
      {withOrganization && (
        <Select
          aria-label="Filter by organization"
          placeholder="All organizations"
          data={(organizations.data?.items ?? []).map((o) => ({ value: o._id, label: o.name }))}
          value={list.filters.organizationId ?? null}
          onChange={(value) => list.set({ organizationId: value ?? undefined })}
          searchable
          clearable
          w={width(190)}
        />
      )}
      <ListFilter
        list={list}
        name="kind"
        label="Filter by kind"
        data={[{ value: '', label: 'All kinds' }, ...options(EVENT_KIND_LABELS)]}
        w={width(150)}
      />
      {withCategory && (
        <Select
          aria-label="Filter by category"
          placeholder="All categories"
          data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={list.filters.categoryId ?? null}
          onChange={(value) => list.set({ categoryId: value ?? undefined })}
          searchable
          clearable
          w={width(170)}
        />
      )}
      <ListFilter
        list={list}
        name="visibility"
        label="Filter by visibility"
        data={[
          { value: '', label: 'Public and private' },
          { value: 'PUBLIC', label: 'Public' },
          { value: 'PRIVATE', label: 'Private' },
        ]}
        w={width(190)}
      />
      <ListFilter
        list={list}
        name="flag"
        label="Filter by flag"
        data={[{ value: '', label: 'Any flag' }, ...options(FLAG_LABELS)]}
        w={width(150)}
      />
      <TextInput
        type="date"
        aria-label="From date"
        leftSection={
          <Text size="xs" c="dimmed">
            From
          </Text>
        }
        leftSectionWidth={44}
        title="Events on or after this date (in each event's own time zone)"
        value={list.filters.from ?? ''}
        max={list.filters.to}
        onChange={(e) => list.set({ from: e.currentTarget.value || undefined })}
        w={width(180)}
      />
      <TextInput
        type="date"
        aria-label="To date"
        leftSection={
          <Text size="xs" c="dimmed">
            To
          </Text>
        }
        leftSectionWidth={44}
        title="Events on or before this date (in each event's own time zone)"
        value={list.filters.to ?? ''}
        min={list.filters.from}
        onChange={(e) => list.set({ to: e.currentTarget.value || undefined })}
        w={width(180)}
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
