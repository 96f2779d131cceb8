import { createHash } from 'node:crypto';
import { type AnyColumn, and, asc, desc, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** One key of a list's order. Keyset paging needs NOT NULL keys (a NULL compares as unknown). */
export interface SortKey {
  expr: AnyColumn | SQL;
  descending?: boolean;
}

export const keysToOrder = (keys: SortKey[]): SQL[] =>
  keys.map((key) => (key.descending ? desc(key.expr) : asc(key.expr)));

/**
 * What a list with `paging: 'keyset'` declares: the table its rows come from (the cursor names one of
 * its rows by the tie breaker) and how to read the tie breaker of a row.
 */
export interface KeysetSpec<Row> {
  table: PgTable;
  defaultKeys: SortKey[];
  anchorOf(row: Row): string;
}

/**
 * A cursor names the last row of a page (`id`) and is good for exactly the next page (`page`) of exactly
 * the same query (`query`, a fingerprint of its search, sort, limit and filters): a stale or edited
 * cursor is ignored and the page is read by its offset instead.
 */
interface Cursor {
  page: number;
  id: string;
  query: string;
}

/** The query's fields that shape its rows: everything but the page and the cursor. */
export function queryFingerprint(input: object): string {
  const shaping = Object.entries(input)
    .filter(([key, value]) => key !== 'page' && key !== 'cursor' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(shaping)).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.page, cursor.id, cursor.query])).toString('base64url');
}

/** The cursor's anchor row id when it was made for this page of this query; otherwise undefined. */
export function anchorFor(cursor: string | undefined, page: number, fingerprint: string): string | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [forPage, id, query] = parsed;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    if (forPage !== page || query !== fingerprint || typeof id !== 'string' || !uuid.test(id))
      return undefined;
    return id;
  } catch {
    return undefined;
  }
}

/**
 * The rows after the anchor in the order `keys` (the tie breaker last). The anchor's own values are read
 * by an uncorrelated subquery on its primary key (run once), so they keep the database's precision
 * (microseconds, which a JavaScript Date would lose). The first key's bound is repeated on its own so
 * the walk starts at the anchor on the index of the order.
 */
export function afterAnchor(keys: SortKey[], table: PgTable, tieBreaker: AnyColumn, anchorId: string): SQL {
  const all: SortKey[] = [...keys, { expr: tieBreaker }];
  const anchored = (key: SortKey) =>
    sql`(select ${key.expr} from ${table} where ${tieBreaker} = ${anchorId})`;
  const beyond = (key: SortKey) =>
    key.descending ? sql`${key.expr} < ${anchored(key)}` : sql`${key.expr} > ${anchored(key)}`;
  const alternatives = all.map((key, i) =>
    and(...all.slice(0, i).map((before) => sql`${before.expr} = ${anchored(before)}`), beyond(key)),
  );
  const first = all[0] as SortKey;
  const bound = first.descending
    ? sql`${first.expr} <= ${anchored(first)}`
    : sql`${first.expr} >= ${anchored(first)}`;
  return sql`(${bound} and (${or(...alternatives)}))`;
}
