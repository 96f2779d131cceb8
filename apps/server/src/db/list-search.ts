import { type AnyColumn, is, SQL, sql } from 'drizzle-orm';

/**
 * Columns searched through one text that holds each of them (their concatenation): the list compares
 * that text first, so one trigram index over it (migration 0017) finds the candidate rows instead of one
 * index per column, and each column after it, so a term spanning two columns of the text matches nothing
 * it did not match before.
 */
export interface SearchGroup {
  within: SQL;
  columns: (AnyColumn | SQL)[];
}

/** A part of a list's search: a column or expression, a group, or a condition built from the pattern. */
export type SearchTarget = AnyColumn | SQL | SearchGroup | ((pattern: string) => SQL);

/** `%`, `_` and `\` in a search are taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function isGroup(target: SearchTarget): target is SearchGroup {
  return typeof target === 'object' && target !== null && 'within' in target && !is(target, SQL);
}

function matches(target: SearchTarget, pattern: string): SQL {
  if (typeof target === 'function') return target(pattern);
  if (isGroup(target)) {
    const each = target.columns.map((column) => sql`${column} ilike ${pattern}`);
    return sql`(${target.within} ilike ${pattern} and (${sql.join(each, sql` or `)}))`;
  }
  return sql`${target} ilike ${pattern}`;
}

/** A case-insensitive "contains" over the targets; undefined when there is no search. */
export function searchWhere(search: string | undefined, targets: SearchTarget[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return sql`(${sql.join(
    targets.map((target) => matches(target, pattern)),
    sql` or `,
  )})`;
}
