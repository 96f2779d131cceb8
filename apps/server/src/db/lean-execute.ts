import * as drizzle from 'drizzle-orm';
import type { QueryConfig, QueryResult } from 'pg';

/**
 * Runs a statement Drizzle has already prepared straight on its node-postgres client, as Drizzle's own
 * `execute` would, minus what that costs per call on the hot paths (every authenticated call's session
 * read, the door, the checkout, the outbox): three nested async tracing spans, the result-cache
 * wrapper and their promises — a fifth of a short read's Node time in a profile. What reaches
 * PostgreSQL is the same: the same named statement, the same parameters, the same type parsers (Drizzle
 * leaves timestamps as text for its columns to decode), rows mapped by Drizzle's own `mapResultRow`,
 * errors wrapped in `DrizzleQueryError` as Drizzle wraps them.
 *
 * It reads fields Drizzle 0.45's `NodePgPreparedQuery` keeps (public in its JavaScript, not in its
 * types). Where they are missing (another Drizzle version or driver), it falls back to `execute`, so an
 * upgrade is slower, never wrong; lean-execute.test.ts fails then, to say so.
 */
interface NodePgPrepared {
  client?: { query(config: QueryConfig, values?: unknown[]): Promise<QueryResult> };
  params?: unknown[];
  fields?: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  queryConfig?: QueryConfig;
  rawQueryConfig?: QueryConfig;
  execute(placeholders?: Record<string, unknown>): Promise<unknown>;
}

type MapResultRow = (
  fields: unknown[],
  row: unknown[],
  joins: Record<string, boolean> | undefined,
) => unknown;
const mapResultRow = (drizzle as unknown as { mapResultRow?: MapResultRow }).mapResultRow;
const { DrizzleQueryError, fillPlaceholders } = drizzle;

/** True when `prepared` can run the lean way (the shape this file was written against). */
export function canRunLean(prepared: object): boolean {
  const p = prepared as NodePgPrepared;
  return (
    typeof p.client?.query === 'function' &&
    Array.isArray(p.params) &&
    p.customResultMapper === undefined &&
    (p.fields ? p.queryConfig !== undefined && mapResultRow !== undefined : p.rawQueryConfig !== undefined)
  );
}

/**
 * A Drizzle prepared query (`db.select()….prepare(name)` or `session.prepareQuery(…)`) run lean:
 * `execute(placeholders)` answers what Drizzle's `execute` answers (mapped rows for a select built
 * with fields, the driver's result for raw SQL).
 */
export function leanPrepared<P extends { execute(placeholders?: Record<string, unknown>): Promise<unknown> }>(
  prepared: P,
): P {
  if (!canRunLean(prepared)) return prepared;
  const p = prepared as unknown as Required<Omit<NodePgPrepared, 'customResultMapper' | 'fields'>> &
    Pick<NodePgPrepared, 'fields'>;
  const { client, fields, joinsNotNullableMap } = p;
  const config = fields ? p.queryConfig : p.rawQueryConfig;
  const execute = async (placeholders: Record<string, unknown> = {}) => {
    const values = p.params.length === 0 ? [] : fillPlaceholders(p.params, placeholders);
    let result: QueryResult;
    try {
      result = await client.query(config, values);
    } catch (error) {
      throw new DrizzleQueryError(config.text, values, error as Error);
    }
    if (!fields) return result;
    return result.rows.map((row) =>
      (mapResultRow as MapResultRow)(fields, row as unknown[], joinsNotNullableMap),
    );
  };
  return { execute } as unknown as P;
}

/**
 * A Drizzle raw-SQL prepared query (`session.prepareQuery({ sql, params: [] }, undefined, name, false)`)
 * as a function of its positional values (`$1` …), run lean; `slow` (Drizzle's own way) where it can't.
 */
export function leanRawStatement(
  prepared: object,
  slow: (values: readonly unknown[]) => Promise<unknown>,
): (values: readonly unknown[]) => Promise<QueryResult> {
  const { client, rawQueryConfig: config, fields } = prepared as NodePgPrepared;
  if (typeof client?.query !== 'function' || !config || fields)
    return (values) => slow(values) as Promise<QueryResult>;
  return async (values) => {
    try {
      return await client.query(config, values as unknown[]);
    } catch (error) {
      throw new DrizzleQueryError(config.text, values as unknown[], error as Error);
    }
  };
}
