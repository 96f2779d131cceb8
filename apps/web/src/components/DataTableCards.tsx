import { Center, Checkbox, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from './DataTable';

interface CardsProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  selection?: { selected: string[] };
  sort?: string;
  onSortChange?: (sort: string | undefined) => void;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  allOnPage: boolean;
  someOnPage: boolean;
}

/** Columns that name the row, so they head its card unless a column asks for it (`card: 'title'`). */
const NAMING_KEYS = new Set(['name', 'title', 'text']);

function roleOf<T>(column: DataTableColumn<T>) {
  return column.card ?? (column.key === 'actions' ? 'actions' : 'line');
}

/** The sort choices of the sortable columns, both ways, since a card list has no column headers to click. */
function sortOptions<T>(columns: DataTableColumn<T>[]) {
  const options = [{ value: '', label: 'Default order' }];
  for (const c of columns) {
    if (!c.sortable || typeof c.title !== 'string') continue;
    options.push({ value: c.key, label: `${c.title} ↑` }, { value: `-${c.key}`, label: `${c.title} ↓` });
  }
  return options;
}

/** DataTable's phone layout: one card per row, every value labelled, the row's actions at its foot. */
export function DataTableCards<T>(props: CardsProps<T>) {
  const { columns, rows, rowKey, selection } = props;
  const selected = selection?.selected ?? [];
  const titleColumn =
    columns.find((c) => roleOf(c) === 'title') ??
    columns.find((c) => roleOf(c) === 'line' && NAMING_KEYS.has(c.key)) ??
    columns.find((c) => roleOf(c) === 'line' && c.key !== 'image');
  const sorts = sortOptions(columns);
  return (
    <Stack gap="xs" aria-busy={props.loading} data-testid="data-cards">
      {(selection || (props.onSortChange && sorts.length > 1)) && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          {selection && (
            <Checkbox
              label="Select all on this page"
              checked={props.allOnPage}
              indeterminate={props.someOnPage && !props.allOnPage}
              onChange={props.onToggleAll}
              disabled={!rows || rows.length === 0}
            />
          )}
          {props.onSortChange && sorts.length > 1 && (
            <NativeSelect
              aria-label="Sort by"
              size="xs"
              data={sorts}
              value={props.sort ?? ''}
              onChange={(e) => props.onSortChange?.(e.currentTarget.value || undefined)}
            />
          )}
        </Group>
      )}
      {rows === undefined && props.loading && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      )}
      {/* The list holds its cards only (a list may contain nothing but list items). */}
      <Stack gap="xs" role="list" aria-label={props.label}>
        {rows?.map((row) => {
          const id = rowKey(row);
          const isSelected = selected.includes(id);
          return (
            <Paper
              key={id}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              data-testid="data-card"
              bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0, flex: 1 }}>{titleColumn?.render(row)}</div>
                  {selection && (
                    <Checkbox
                      aria-label="Select row"
                      checked={isSelected}
                      onChange={() => props.onToggle(id)}
                    />
                  )}
                </Group>
                {columns
                  .filter((c) => c !== titleColumn && roleOf(c) === 'line')
                  .map((c) => (
                    <Group key={c.key} gap="xs" wrap="nowrap" align="center">
                      <Text size="sm" c="dimmed" style={{ flex: '0 0 38%' }}>
                        {c.title}
                      </Text>
                      <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>{c.render(row)}</div>
                    </Group>
                  ))}
                {columns
                  .filter((c) => roleOf(c) === 'actions')
                  .map((c) => (
                    <Group key={c.key} justify="flex-end" gap={4} wrap="wrap" pt={4}>
                      {c.render(row)}
                    </Group>
                  ))}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
