import { count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * How a list answers its total (docs/performance.md, "Lists at scale"):
 * - `exact`: `count(*)`, for lists that stay small (categories, reasons, an organization's members);
 * - `capped`: counts at most `TOTAL_CAP` rows past the page's offset, plus one; past them the answer is
 *   `total: offset + TOTAL_CAP, totalCapped: true` ("of more than 1,000" on the first page). For lists
 *   counted on one table, where 1,001 rows cost a few milliseconds;
 * - `estimated`: counts exactly up to `ESTIMATE_PAST` rows past the offset; past them the planner's
 *   estimate of the whole count, rounded (`totalEstimated: true`, "of about 71,000"), or "more than"
 *   when the estimate is below what was counted. For lists whose count joins tables for each row (a
 *   ticket's order, a scan's ticket), where counting 1,001 rows cost 10–40 ms.
 */
export type TotalMode = 'exact' | 'capped' | 'estimated';

export const TOTAL_CAP = 1_000;
export const ESTIMATE_PAST = 200;

export interface Total {
  total: number;
  totalCapped?: boolean;
  totalEstimated?: boolean;
}

/** How many rows a count of this mode reads at most, or undefined for all of them. */
export function countLimit(mode: TotalMode, skipped: number): number | undefined {
  if (mode === 'capped') return skipped + TOTAL_CAP + 1;
  if (mode === 'estimated') return skipped + ESTIMATE_PAST + 1;
  return undefined;
}

/** Two significant digits: an estimate is not precise, and its total should not look precise. */
export function roundEstimate(estimate: number): number {
  if (estimate < 100) return Math.round(estimate);
  const unit = 10 ** (Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

/**
 * The page's total. `counted` went up to `limit` rows from `before` (the offset when counted from the
 * page's anchor, else 0); `offset` is the page's.
 */
export function pageTotal(
  mode: TotalMode,
  counts: { counted: number; limit: number | undefined; before: number; offset: number; estimate?: number },
): Total {
  const { counted, limit, before, offset, estimate } = counts;
  if (limit === undefined || counted < limit) return { total: before + counted };
  const floor = offset + (mode === 'estimated' ? ESTIMATE_PAST : TOTAL_CAP);
  const rounded = estimate === undefined ? 0 : roundEstimate(estimate);
  if (mode === 'estimated' && rounded > floor) return { total: rounded, totalEstimated: true };
  return { total: floor, totalCapped: true };
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

/** The planner's estimate of how many rows a repo's SELECT returns: planning only, nothing is read. */
export async function estimateRows(db: DbOrTx, query: PgSelect): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) ${query}`,
  );
  return result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** Rows of `table` matching `where`, counted in PostgreSQL. */
export async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
