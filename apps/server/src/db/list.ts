import { type AnyColumn, and, asc, desc, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { badRequest } from '../lib/errors.js';
import { afterAnchor, anchorFor, encodeCursor, type KeysetSpec, queryFingerprint } from './list-keyset.js';
import { type SearchTarget, searchWhere } from './list-search.js';
import { countLimit, pageTotal, type TotalMode } from './list-total.js';

export { likePattern, type SearchGroup, type SearchTarget, searchWhere } from './list-search.js';
export { countUpTo, ESTIMATE_PAST, estimateRows, TOTAL_CAP, type TotalMode } from './list-total.js';

/** The list part of a query: what `pageQuery` in the contract produces. */
export interface PageInput {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
  /** A keyset list's `nextCursor` of the page before (see `ListSpec.paging`). */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** Set when more than `total` rows match (a capped count, see list-total.ts). */
  totalCapped?: boolean;
  /** Set when `total` is the planner's estimate (see list-total.ts). */
  totalEstimated?: boolean;
  page: number;
  limit: number;
  /** A keyset list's cursor for the next page, when this page is full. */
  nextCursor?: string;
}

/**
 * `sort` (`field` or `-field`) → ORDER BY. Only the listed fields may be used; an unknown one is a 400
 * naming the allowed ones. `tieBreaker` keeps pages stable when values repeat.
 */
export function orderBy(
  sort: string | undefined,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreaker: AnyColumn,
): SQL[] {
  if (!sort) return [...fallback, asc(tieBreaker)];
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  // Own keys only: `constructor`, `toString` … are on every object's prototype.
  const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!column) {
    throw badRequest(
      `This list cannot be sorted by "${field}". Sort by ${Object.keys(sortable).join(', ')}.`,
      [{ field: 'sort', message: `Sort by ${Object.keys(sortable).join(', ')}` }],
    );
  }
  return [descending ? desc(column) : asc(column), asc(tieBreaker)];
}

/** One page's worth of a list query: what a repo applies to its SELECT (see `paged`). */
export interface PageWindow {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * Everything about one list, declared once (`defineList`): what the search looks in, what it may be
 * sorted by, how its repo reads rows and counts them, and how a row becomes an item. The helper builds
 * WHERE (search + filters), ORDER BY (allow-listed, stable), the window and the total.
 */
export interface ListSpec<Row, Item> {
  /** What the free-text search looks in (case-insensitive "contains"; see list-search.ts). */
  search?: SearchTarget[];
  sort: { fields: Record<string, AnyColumn | SQL>; default: SQL[]; tieBreaker: AnyColumn };
  /** The page's rows: the repo applies the window to its SELECT (usually with `paged`). */
  rows(window: PageWindow): Promise<Row[]>;
  /**
   * How many rows match `where` (the repo's COUNT). With `total: 'capped'` it gets `upTo` and may stop
   * counting there (`countUpTo`). `searching` says whether `where` holds the search, so a count can
   * leave out the joins only the search needs.
   */
  count(where: SQL | undefined, upTo: number | undefined, searching: boolean): Promise<number>;
  /** Rows → items; all at once, so a list can load what its rows refer to in one query. */
  items(rows: Row[]): Item[] | Promise<Item[]>;
  /**
   * `keyset`: a full page answers `nextCursor` (its last row); the next page asked for with it starts
   * after that row on the order's index instead of skipping `offset` rows, so a deep page costs what
   * the first does. A page asked for by number alone (a shared link, a jump) still reads by offset.
   * `keyset` names the table the cursor's row is read from and the default order as keys, which must
   * be the same as `sort.default`, and NOT NULL like every sortable field.
   */
  paging?: 'offset' | 'keyset';
  keyset?: KeysetSpec<Row>;
  /** How the total is answered (list-total.ts); `exact` unless said. */
  total?: TotalMode;
  /** `estimated`: the planner's estimate of the count of `where` (`estimateRows` of the count's SELECT). */
  estimate?(where: SQL | undefined, searching: boolean): Promise<number>;
}

/** `sort` as keys (for the keyset condition); validated by `orderBy` first. */
function sortKeys<Row>(sort: string | undefined, spec: ListSpec<Row, unknown>, keyset: KeysetSpec<Row>) {
  if (!sort) return keyset.defaultKeys;
  const descending = sort.startsWith('-');
  const expr = spec.sort.fields[descending ? sort.slice(1) : sort] as AnyColumn | SQL;
  return [{ expr, descending }];
}

/** A list declared once; each call gives the query (page, limit, search, sort) and this call's filters. */
export function defineList<Row, Item>(spec: ListSpec<Row, Item>) {
  return async (input: PageInput, filters: (SQL | undefined)[] = []): Promise<Page<Item>> => {
    const search = spec.search ? searchWhere(input.search, spec.search) : undefined;
    const where = and(search, ...filters);
    const order = orderBy(input.sort, spec.sort.fields, spec.sort.default, spec.sort.tieBreaker);
    const offset = (input.page - 1) * input.limit;
    const keyset = spec.paging === 'keyset' ? spec.keyset : undefined;
    // The fingerprint is of the whole query the route passed (its filters too), not only PageInput's fields.
    const fingerprint = keyset ? queryFingerprint(input) : '';
    const anchor = keyset ? anchorFor(input.cursor, input.page, fingerprint) : undefined;
    const after =
      keyset && anchor
        ? afterAnchor(
            sortKeys(input.sort, spec as ListSpec<Row, unknown>, keyset),
            keyset.table,
            spec.sort.tieBreaker,
            anchor,
          )
        : undefined;
    const range = and(where, after);
    const mode = spec.total ?? 'exact';
    // From the anchor the count starts at the page; by offset it must pass the pages before it first.
    const limit = countLimit(mode, after ? 0 : offset);
    const searching = search !== undefined;
    const [rows, counted, estimate] = await Promise.all([
      spec.rows({ where: range, order, limit: input.limit, offset: after ? 0 : offset }),
      spec.count(range, limit, searching),
      mode === 'estimated' && spec.estimate ? spec.estimate(where, searching) : undefined,
    ]);
    const items = await spec.items(rows);
    const last = rows.at(-1);
    const nextCursor =
      keyset && last !== undefined && rows.length === input.limit
        ? encodeCursor({ page: input.page + 1, id: keyset.anchorOf(last), query: fingerprint })
        : undefined;
    return {
      items,
      ...pageTotal(mode, { counted, limit, before: after ? offset : 0, offset, estimate }),
      page: input.page,
      limit: input.limit,
      ...(nextCursor ? { nextCursor } : {}),
    };
  };
}

/** Applies a page window to a repo's SELECT (made with `.$dynamic()`). */
export function paged<Q extends PgSelect>(query: Q, window: PageWindow) {
  return query
    .where(window.where)
    .orderBy(...window.order)
    .limit(window.limit)
    .offset(window.offset);
}

/** Kept for the callers that test for a duplicate themselves; the mapping lives in db-errors.ts. */
export { isUniqueViolation } from '../lib/db-errors.js';
