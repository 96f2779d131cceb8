import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useLinkableEventOptions } from '../../events';

interface Props {
  value?: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  /** The linked event's title from the banner itself, shown even when it is not among the results. */
  currentLabel: string | null;
}

/** Picks the event a banner opens: upcoming, published, unblocked events, searched by title. */
export function EventLinkSelect({ value, onChange, error, currentLabel }: Props) {
  const [search, setSearch] = useState('');
  const [selectedLabel, setSelectedLabel] = useState(currentLabel);
  // The input shows the chosen event's title; that is not a search for it.
  const [debounced] = useDebouncedValue(search === selectedLabel ? '' : search, 300);
  const events = useLinkableEventOptions(debounced);
  const options =
    value && selectedLabel && !events.options.some((o) => o.value === value)
      ? [{ value, label: selectedLabel }, ...events.options]
      : events.options;
  return (
    <Select
      label="Event"
      required
      searchable
      clearable
      placeholder="Search upcoming events"
      data={options}
      value={value || null}
      onChange={(next, option) => {
        setSelectedLabel(option?.label ?? null);
        onChange(next ?? '');
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        events.isError
          ? 'Events could not be loaded. Try again.'
          : events.isPending
            ? 'Loading…'
            : 'No upcoming published event matches'
      }
      description="Only published events that are not blocked can be linked."
      error={error}
    />
  );
}
