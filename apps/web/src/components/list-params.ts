import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page, search, sort and filters kept in the URL's query string with the API's names
 * (docs/routes.md), so a list can be shared and reloaded. Changing anything but the page resets it to 1.
 * A list paged by keyset also keeps the `cursor` its previous page answered (see `tableBinding`): the
 * server reads the page from where that one ended, and reads it by number when the cursor is not for it.
 */
export function useListParams<F extends string>(filters: readonly F[] = [], defaults = { limit: 10 }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const sort = params.get('sort') ?? undefined;
  const cursor = params.get('cursor') ?? undefined;
  const filterValues = useMemo(
    () =>
      Object.fromEntries(filters.map((f) => [f, params.get(f) ?? undefined])) as Record<
        F,
        string | undefined
      >,
    [params, filters],
  );
  const set = useCallback(
    (patch: Record<string, string | number | undefined>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          // A cursor belongs to one page of one query: any other change leaves it behind.
          if (!('cursor' in patch)) next.delete('cursor');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const query = {
    page,
    limit: defaults.limit,
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
    ...(cursor ? { cursor } : {}),
    ...Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== undefined)),
  };
  const isFiltered = search !== '' || Object.values(filterValues).some((v) => v !== undefined);
  return { page, limit: defaults.limit, search, sort, filters: filterValues, isFiltered, query, set };
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * The DataTable props that follow from a list's URL state and its page query, so every list wires
 * pagination, search and sorting the same way: `<DataTable {...tableBinding(list, query)} … />`.
 */
export function tableBinding<T>(
  list: ListParams,
  query: {
    data?:
      | { items: T[]; total: number; totalCapped?: boolean; totalEstimated?: boolean; nextCursor?: string }
      | undefined;
    isFetching: boolean;
    error?: unknown;
    refetch?: () => unknown;
  },
  /** What an empty list says when nothing narrows it (e.g. "No tags yet."). */
  emptyMessage?: string,
) {
  return {
    // An empty result under a search or filter says so, rather than "nothing yet".
    emptyMessage: list.isFiltered
      ? `Nothing matches ${list.search ? `"${list.search}"` : 'these filters'}. Clear the search or filters to see everything.`
      : emptyMessage,
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    totalCapped: query.data?.totalCapped ?? false,
    totalEstimated: query.data?.totalEstimated ?? false,
    loading: query.isFetching,
    error: query.error ?? undefined,
    onRetry: query.refetch ? () => void query.refetch?.() : undefined,
    page: list.page,
    limit: list.limit,
    // The next page from this one follows the keyset cursor this page answered; any other by its number.
    onPageChange: (page: number) =>
      list.set({
        page,
        cursor: page === list.page + 1 && query.data?.nextCursor ? query.data.nextCursor : undefined,
      }),
    search: list.search,
    onSearchChange: (search: string) => list.set({ search }),
    sort: list.sort,
    onSortChange: (sort: string | undefined) => list.set({ sort }),
  };
}
