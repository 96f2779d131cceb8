import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
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
  page: number;
  limit: number;
}

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
  const column = sortable[field];
  if (!column) {
    throw badRequest(
      `This list cannot be sorted by "${field}". Sort by ${Object.keys(sortable).join(', ')}.`,
      [{ field: 'sort', message: `Sort by ${Object.keys(sortable).join(', ')}` }],
    );
  }
  return [descending ? desc(column) : asc(column), asc(tieBreaker)];
}

/** Runs the page and the count queries together and shapes `{ items, total, page, limit }`. */
export async function pageOf<Row, Item>(
  input: PageInput,
  run: { rows: (limit: number, offset: number) => Promise<Row[]>; count: () => Promise<number> },
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const offset = (input.page - 1) * input.limit;
  const [rows, total] = await Promise.all([run.rows(input.limit, offset), run.count()]);
  return { items: rows.map(map), total, page: input.page, limit: input.limit };
}

/** Kept for the callers that test for a duplicate themselves; the mapping lives in db-errors.ts. */
export { isUniqueViolation } from './db-errors.js';
