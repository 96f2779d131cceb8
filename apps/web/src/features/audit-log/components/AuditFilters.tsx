import { Button, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { CARD_LAYOUT_QUERY } from '../../../components/DataTable';
import { humanizeEnum } from '../../../components/EnumBadge';
import type { ListParams } from '../../../components/list-params';
import { useAuditFilterOptions } from '../api/get-audit-filter-options';
import { useActorOptions } from '../api/get-user-list';

export const AUDIT_FILTERS = ['actorId', 'entityType', 'entityId', 'action', 'from', 'to'] as const;

/** Actor (a search over users), entity type, action and a date range, each kept in the URL. */
export function AuditFilters({ list }: { list: ListParams }) {
  const options = useAuditFilterOptions();
  const [actorSearch, setActorSearch] = useState('');
  const [debounced] = useDebouncedValue(actorSearch, 300);
  const actors = useActorOptions(debounced);
  // People already offered keep their names while another search is typed.
  const names = useRef(new Map<string, string>());
  for (const u of actors.data?.items ?? []) {
    names.current.set(u._id, `${`${u.firstName} ${u.lastName}`.trim() || u.username} · ${u.email}`);
  }
  const actorId = list.filters.actorId;
  const shown = new Map((actors.data?.items ?? []).map((u) => [u._id, names.current.get(u._id) ?? u.email]));
  if (actorId && !shown.has(actorId)) shown.set(actorId, names.current.get(actorId) ?? 'Chosen person');

  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const active = AUDIT_FILTERS.filter((name) => list.filters[name] !== undefined);
  const toggle = (
    <Button variant="default" aria-expanded={open} onClick={() => setOpen(!open)}>
      {`${open ? 'Hide filters' : 'Filters'}${active.length ? ` (${active.length})` : ''}`}
    </Button>
  );
  if (phone && !open) return toggle;
  return (
    <>
      {phone && toggle}
      <Select
        label="Actor"
        placeholder="Search users"
        data={[...shown].map(([value, label]) => ({ value, label }))}
        value={actorId ?? null}
        onChange={(value) => list.set({ actorId: value ?? undefined })}
        searchValue={actorSearch}
        onSearchChange={setActorSearch}
        searchable
        clearable
        nothingFoundMessage={actors.isFetching ? 'Searching…' : 'Nobody matches'}
        w={{ base: '100%', sm: 240 }}
      />
      <Select
        label="Entity type"
        placeholder="All entities"
        data={(options.data?.entityTypes ?? []).map((value) => ({ value, label: humanizeEnum(value) }))}
        value={list.filters.entityType ?? null}
        onChange={(value) => list.set({ entityType: value ?? undefined, entityId: undefined })}
        searchable
        clearable
        w={{ base: '100%', sm: 190 }}
      />
      <Select
        label="Action"
        placeholder="All actions"
        data={(options.data?.actions ?? []).map((value) => ({ value, label: humanizeEnum(value) }))}
        value={list.filters.action ?? null}
        onChange={(value) => list.set({ action: value ?? undefined })}
        searchable
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <TextInput
        type="date"
        label="From"
        description="In your time zone"
        value={list.filters.from ?? ''}
        max={list.filters.to}
        onChange={(e) => list.set({ from: e.currentTarget.value || undefined })}
        w={{ base: '100%', sm: 170 }}
      />
      <TextInput
        type="date"
        label="To"
        description="Inclusive"
        value={list.filters.to ?? ''}
        min={list.filters.from}
        onChange={(e) => list.set({ to: e.currentTarget.value || undefined })}
        w={{ base: '100%', sm: 170 }}
      />
      {list.filters.entityId && (
        <Text size="sm" c="dimmed" style={{ alignSelf: 'flex-end', overflowWrap: 'anywhere' }}>
          {`Entity ${list.filters.entityId}`}
        </Text>
      )}
      {active.length > 0 && (
        <Button
          variant="subtle"
          style={{ alignSelf: 'flex-end' }}
          onClick={() => list.set(Object.fromEntries(active.map((name) => [name, undefined])))}
        >
          Clear filters
        </Button>
      )}
    </>
  );
}
