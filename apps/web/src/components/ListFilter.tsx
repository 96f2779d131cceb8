import { Select } from '@mantine/core';
import type { ListParams } from './list-params';

export interface ListFilterProps {
  list: ListParams;
  /** The query parameter it sets, with the API's name (`status`, `kind` …). */
  name: string;
  label: string;
  /** The choices; the one whose value is '' means "no filter" (e.g. "All statuses"). */
  data: { value: string; label: string }[];
  w?: number | string;
}

/** A list filter kept in the URL with the list's other parameters; choosing one goes back to page 1. */
export function ListFilter({ list, name, label, data, w = 160 }: ListFilterProps) {
  return (
    <Select
      aria-label={label}
      data={data}
      value={list.filters[name] ?? ''}
      allowDeselect={false}
      onChange={(value) => list.set({ [name]: value || undefined })}
      w={w}
    />
  );
}
