import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { organizationOwnersQuery } from '../api/organization-owner-list';

interface OwnerFilterProps {
  ownerId: string | undefined;
  /** Label of the chosen owner, kept in the URL so it shows even when not among the loaded options. */
  ownerName: string | undefined;
  onChange: (owner: { ownerId: string; ownerName: string } | null) => void;
}

/** The administrator's owner filter: a searchable list of everyone who owns an organization. */
export function OwnerFilter({ ownerId, ownerName, onChange }: OwnerFilterProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const owners = useQuery(organizationOwnersQuery(debounced.trim() ? { search: debounced.trim() } : {}));
  const options = (owners.data ?? []).map((o) => ({
    value: o._id,
    label: `${o.name} (${o.organizationCount})`,
    name: o.name,
  }));
  if (ownerId && !options.some((o) => o.value === ownerId)) {
    options.unshift({ value: ownerId, label: ownerName ?? 'Selected owner', name: ownerName ?? '' });
  }
  return (
    <Select
      aria-label="Filter by owner"
      placeholder="All owners"
      searchable
      clearable
      w={240}
      data={options}
      value={ownerId ?? null}
      onSearchChange={setSearch}
      nothingFoundMessage={owners.isFetching ? 'Loading…' : 'No owner matches'}
      onChange={(value) => {
        const chosen = options.find((o) => o.value === value);
        onChange(chosen ? { ownerId: chosen.value, ownerName: chosen.name } : null);
      }}
    />
  );
}
