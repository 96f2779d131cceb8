import {
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { EmptySelectionAction } from '@marquee/contract';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DataTableCards } from './DataTableCards';
import { ListError } from './ListError';
import { guardSelection } from './selection';

export interface DataTableColumn<T> {
  /** Also the API's sort field when `sortable`. */
  key: string;
  title: ReactNode;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  width?: number | string;
  /**
   * How the column shows in a phone's card: `title` heads the card, `actions` sits at its foot (the
   * `actions` key does so by default), `hidden` is left out (a thumbnail); otherwise a label: value line.
   */
  card?: 'title' | 'actions' | 'hidden';
}

export interface BulkAction {
  label: string;
  /** Chooses the empty-selection message. */
  action: EmptySelectionAction;
  color?: string;
  icon?: ReactNode;
  onRun: (ids: string[]) => void;
}

export interface DataTableProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  total: number;
  /** More than `total` rows match (the server stopped counting): "of more than 1,000", next page kept. */
  totalCapped?: boolean;
  /** `total` is the server's estimate: "of about 71,000", next page kept while pages are full. */
  totalEstimated?: boolean;
  rowKey: (row: T) => string;
  loading?: boolean;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  search?: string;
  onSearchChange?: (search: string) => void;
  searchPlaceholder?: string;
  sort?: string;
  onSortChange?: (sort: string | undefined) => void;
  selection?: { selected: string[]; onChange: (ids: string[]) => void };
  bulkActions?: BulkAction[];
  /** Filters and buttons shown beside the search. */
  toolbar?: ReactNode;
  emptyMessage?: ReactNode;
  /** Width below which the table scrolls sideways (phones); wide lists raise it. */
  minWidth?: number;
  /** The list's failed call: shown with its message and Retry instead of rows or "No results". */
  error?: unknown;
  onRetry?: () => void;
}

/** "1–20 of 37", "1–20 of more than 1,000" (a capped total), "1–20 of about 71,000" (an estimate). */
function countText(
  props: { page: number; limit: number; total: number; totalCapped?: boolean; totalEstimated?: boolean },
  shown: number,
) {
  const first = (props.page - 1) * props.limit + 1;
  if (!props.totalCapped && !props.totalEstimated) {
    return `${first}–${Math.min(props.page * props.limit, props.total)} of ${props.total}`;
  }
  const n = (value: number) => value.toLocaleString('en-US');
  const range = `${n(first)}–${n(first - 1 + shown)}`;
  return `${range} of ${props.totalEstimated ? 'about' : 'more than'} ${n(props.total)}`;
}

/** Below this width each row is a card (label: value lines, its actions in view) rather than a table row. */
export const CARD_LAYOUT_QUERY = '(max-width: 48em)';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The console's list: server-side pagination, debounced search, sortable columns, row selection with
 * bulk actions (guarded against an empty selection), loading, empty and failed states. On a phone the
 * rows become cards, so every value and every row action is in view without sideways scrolling.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, selection, bulkActions = [], loading = false } = props;
  const [searchInput, setSearchInput] = useState(props.search ?? '');
  const [debounced] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const onSearchChange = useRef(props.onSearchChange);
  onSearchChange.current = props.onSearchChange;
  const lastSent = useRef(props.search ?? '');
  // A link followed within the debounce (type, then click a row's link at once) must win: the late
  // search would otherwise rewrite the URL while the next screen is still loading and cancel the visit.
  const leaving = useRef(false);

  useEffect(() => {
    const value = debounced.trim();
    if (value === lastSent.current || leaving.current) return;
    lastSent.current = value;
    onSearchChange.current?.(value);
  }, [debounced]);

  const ids = rows?.map(rowKey) ?? [];
  const selected = selection?.selected ?? [];
  const allOnPage = ids.length > 0 && ids.every((id) => selected.includes(id));
  const someOnPage = ids.some((id) => selected.includes(id));
  // A capped or estimated total is no upper bound: while a page is full there may be another after it.
  const knownPages = Math.max(1, Math.ceil(props.total / props.limit));
  const pages =
    (props.totalCapped || props.totalEstimated) && (rows?.length ?? 0) >= props.limit
      ? Math.max(knownPages, props.page + 1)
      : knownPages;

  function toggleAll() {
    if (!selection) return;
    selection.onChange(
      allOnPage ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])],
    );
  }
  function toggle(id: string) {
    if (!selection) return;
    selection.onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  }
  function sortIcon(key: string) {
    if (props.sort === key) return <IconChevronUp size={14} aria-hidden />;
    if (props.sort === `-${key}`) return <IconChevronDown size={14} aria-hidden />;
    return <IconSelector size={14} aria-hidden />;
  }
  function nextSort(key: string) {
    if (props.sort === key) return `-${key}`;
    if (props.sort === `-${key}`) return undefined;
    return key;
  }
  const colSpan = columns.length + (selection ? 1 : 0);
  const asCards = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  const failed = props.error !== undefined && props.error !== null && !loading;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      onClickCapture={(e) => {
        const plain = e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
        if (plain && (e.target as Element).closest('a[href]')) leaving.current = true;
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 260px' }}>
            {props.onSearchChange && (
              <TextInput
                aria-label={`Search ${props.label.toLowerCase()}`}
                placeholder={props.searchPlaceholder ?? 'Search'}
                leftSection={<IconSearch size={16} />}
                value={searchInput}
                onChange={(e) => {
                  leaving.current = false;
                  setSearchInput(e.currentTarget.value);
                }}
                style={{ flex: '1 1 220px', maxWidth: 360 }}
              />
            )}
            {props.toolbar}
          </Group>
          {bulkActions.length > 0 && (
            <Group gap="xs" wrap="wrap">
              {selection && selected.length > 0 && (
                <Text size="sm" c="dimmed" data-testid="selection-count">
                  {selected.length} selected
                </Text>
              )}
              {bulkActions.map((b) => (
                <Button
                  key={b.label}
                  variant="light"
                  color={b.color}
                  leftSection={b.icon}
                  onClick={() => {
                    if (guardSelection(selected, b.action)) b.onRun(selected);
                  }}
                >
                  {b.label}
                </Button>
              ))}
            </Group>
          )}
        </Group>

        {failed ? (
          <ListError label={props.label} error={props.error} onRetry={props.onRetry} />
        ) : asCards ? (
          <DataTableCards
            label={props.label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            loading={loading}
            selection={selection}
            sort={props.sort}
            onSortChange={props.onSortChange}
            onToggle={toggle}
            onToggleAll={toggleAll}
            allOnPage={allOnPage}
            someOnPage={someOnPage}
          />
        ) : (
          <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={props.label} aria-busy={loading}>
              <Table.Thead>
                <Table.Tr>
                  {selection && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all rows on this page"
                        checked={allOnPage}
                        indeterminate={someOnPage && !allOnPage}
                        onChange={toggleAll}
                        disabled={ids.length === 0}
                      />
                    </Table.Th>
                  )}
                  {columns.map((c) => (
                    <Table.Th
                      key={c.key}
                      w={c.width}
                      aria-sort={
                        props.sort === c.key
                          ? 'ascending'
                          : props.sort === `-${c.key}`
                            ? 'descending'
                            : undefined
                      }
                    >
                      {c.sortable && props.onSortChange ? (
                        <UnstyledButton
                          onClick={() => props.onSortChange?.(nextSort(c.key))}
                          fw={600}
                          fz="sm"
                        >
                          <Group gap={4} wrap="nowrap">
                            {c.title}
                            {sortIcon(c.key)}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        c.title
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined && loading && (
                  <Table.Tr>
                    <Table.Td colSpan={colSpan}>
                      <Center py="xl">
                        <Loader size="sm" aria-label="Loading" />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows?.map((row) => {
                  const id = rowKey(row);
                  return (
                    <Table.Tr
                      key={id}
                      bg={selected.includes(id) ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      {selection && (
                        <Table.Td>
                          <Checkbox
                            aria-label="Select row"
                            checked={selected.includes(id)}
                            onChange={() => toggle(id)}
                          />
                        </Table.Td>
                      )}
                      {columns.map((c) => (
                        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!failed && rows !== undefined && rows.length === 0 && (
          // Outside the sideways-scrolling table, so on a phone the whole message stays in view.
          <Center py="xl" px="md">
            <Text c="dimmed" ta="center" data-testid="empty-state">
              {props.emptyMessage ?? 'Nothing here yet.'}
            </Text>
          </Center>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="list-count">
            {failed ? '' : props.total === 0 ? 'No results' : countText(props, rows?.length ?? 0)}
          </Text>
          {!failed && pages > 1 && (
            <Box>
              <Pagination
                total={pages}
                value={Math.min(props.page, pages)}
                onChange={props.onPageChange}
                size="sm"
                siblings={1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Box>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
