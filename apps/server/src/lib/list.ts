import { type AnyColumn, and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { badRequest } from './errors.js';

/** The list part of a query: what `pageQuery` in the contract produces. */
export interface PageInput {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** Set when more than `total` rows match (a capped count, see `TOTAL_CAP`). */
  totalCapped?: boolean;
  page: number;
  limit: number;
}

/**
 * A capped total counts at most this many rows plus one: past it the answer is `total: TOTAL_CAP,
 * totalCapped: true` ("More than 10,000"), so a large list never pays for an exact `count(*)`.
 */
export const TOTAL_CAP = 10_000;

/** `%`, `_` and `\` in a search are taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A case-insensitive "contains" over one or more columns; undefined when there is no search. */
export function searchWhere(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  const parts = columns.map((column) => sql`${column} ilike ${pattern}`);
  return sql`(${sql.join(parts, sql` or `)})`;
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
 *
 * Built so that a list switches strategy here, not in its module: `paging: 'keyset'` would turn the
 * sort values of the page's last row into a cursor condition added to `where` (offset 0), and
 * `total: 'estimated'` would ask `count` for a capped or planner estimate. Only `offset` and `exact`
 * are implemented today.
 */
export interface ListSpec<Row, Item> {
  /** Columns the free-text search looks in (case-insensitive "contains"). */
  search?: (AnyColumn | SQL)[];
  sort: { fields: Record<string, AnyColumn | SQL>; default: SQL[]; tieBreaker: AnyColumn };
  /** The page's rows: the repo applies the window to its SELECT (usually with `paged`). */
  rows(window: PageWindow): Promise<Row[]>;
  /**
   * How many rows match `where` (the repo's COUNT). With `total: 'capped'` it gets `upTo` and may stop
   * counting there (`countUpTo`).
   */
  count(where: SQL | undefined, upTo?: number): Promise<number>;
  /** Rows → items; all at once, so a list can load what its rows refer to in one query. */
  items(rows: Row[]): Item[] | Promise<Item[]>;
  paging?: 'offset';
  /** `capped`: count at most `TOTAL_CAP + 1` rows (the lists that grow with sales). */
  total?: 'exact' | 'capped';
}

/** A list declared once; each call gives the query (page, limit, search, sort) and this call's filters. */
export function defineList<Row, Item>(spec: ListSpec<Row, Item>) {
  return async (input: PageInput, filters: (SQL | undefined)[] = []): Promise<Page<Item>> => {
    const where = and(spec.search ? searchWhere(input.search, spec.search) : undefined, ...filters);
    const order = orderBy(input.sort, spec.sort.fields, spec.sort.default, spec.sort.tieBreaker);
    const window = { where, order, limit: input.limit, offset: (input.page - 1) * input.limit };
    const capped = spec.total === 'capped';
    const [rows, counted] = await Promise.all([
      spec.rows(window),
      spec.count(where, capped ? TOTAL_CAP + 1 : undefined),
    ]);
    const items = await spec.items(rows);
    if (capped && counted > TOTAL_CAP) {
      return { items, total: TOTAL_CAP, totalCapped: true, page: input.page, limit: input.limit };
    }
    return { items, total: counted, page: input.page, limit: input.limit };
  };
}

/**
 * `count(*)` of a repo's SELECT (its FROM, joins and `where`; select a constant), stopping at `upTo` rows
 * when given: `select count(*) from (select 1 … limit upTo)`.
 */
export async function countUpTo(db: DbOrTx, query: PgSelect, upTo: number | undefined): Promise<number> {
  const counted = (upTo === undefined ? query : query.limit(upTo)).as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return row?.n ?? 0;
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
export { isUniqueViolation } from './db-errors.js';
