import * as drizzle from 'drizzle-orm';
import type { QueryConfig, QueryResult } from 'pg';

/**
 * Runs a statement Drizzle has already prepared straight on its node-postgres client, as Drizzle's own
 * `execute` would, minus what that costs per call on the hot paths (every authenticated call's session
 * read, the door, the checkout, the outbox): three nested async tracing spans, the result-cache
 * wrapper and their promises — a fifth of a short read's Node time in a profile. What reaches
 * PostgreSQL is the same: the same named statement, the same parameters, the same type parsers (Drizzle
 * leaves timestamps as text for its columns to decode), rows mapped as Drizzle's own `mapResultRow` maps them (`compileRowMapper`),
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

const { Column, DrizzleQueryError, fillPlaceholders, getTableName, is, SQL, Subquery } = drizzle;

/** One selected field as Drizzle's prepared select keeps it: where it goes in the row, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * A row mapper made once per prepared select: Drizzle's own `mapResultRow`, decided ahead. Drizzle's
 * works out every field's decoder on every row (three `is` class walks, an iterator and a closure per
 * column, ~40 columns per authenticated call); this one does that once and then only copies and
 * decodes. What it answers is the same: values decoded by the same column or SQL decoder, nested by
 * the same paths, and an object of a left-joined table set to null as Drizzle sets it (when its first
 * column is null and all its columns come from that table) — `lean-execute.test.ts` compares the two.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joins: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }, index) => {
    // As mapResultRow picks it: a column decodes itself; SQL, a subquery or an alias through their SQL.
    type WithDecoder = { decoder: Decoder };
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? (field as unknown as WithDecoder).decoder
        : is(field, Subquery)
          ? (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder
          : (field as { sql: WithDecoder }).sql.decoder;
    // The table a joined object's column comes from, for Drizzle's nulling of unmatched left joins.
    const table = joins && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined;
    return { index, path, head: path[0] as string, leaf: path[path.length - 1] as string, decoder, table };
  });
  const nested = columns.some((c) => c.path.length > 1);
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullable: Record<string, string | false> | undefined;
    for (const column of columns) {
      const raw = row[column.index];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      let node = result;
      if (nested)
        for (let i = 0; i < column.path.length - 1; i++) {
          const key = column.path[i] as string;
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
      node[column.leaf] = value;
      if (column.table !== undefined) {
        nullable ??= {};
        const seen = nullable[column.head];
        if (seen === undefined) nullable[column.head] = value === null ? column.table : false;
        else if (typeof seen === 'string' && seen !== column.table) nullable[column.head] = false;
      }
    }
    if (nullable && joins)
      for (const head in nullable) {
        const table = nullable[head];
        if (typeof table === 'string' && !joins[table]) result[head] = null;
      }
    return result;
  };
}

/** True when `prepared` can run the lean way (the shape this file was written against). */
export function canRunLean(prepared: object): boolean {
  const p = prepared as NodePgPrepared;
  return (
    typeof p.client?.query === 'function' &&
    Array.isArray(p.params) &&
    p.customResultMapper === undefined &&
    (p.fields ? p.queryConfig !== undefined : p.rawQueryConfig !== undefined)
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
  const mapRow = fields ? compileRowMapper(fields as SelectedField[], joinsNotNullableMap) : undefined;
  const execute = async (placeholders: Record<string, unknown> = {}) => {
    const values = p.params.length === 0 ? [] : fillPlaceholders(p.params, placeholders);
    let result: QueryResult;
    try {
      result = await client.query(config, values);
    } catch (error) {
      throw new DrizzleQueryError(config.text, values, error as Error);
    }
    if (!mapRow) return result;
    const rows = new Array(result.rows.length);
    for (let i = 0; i < rows.length; i++) rows[i] = mapRow(result.rows[i] as unknown[]);
    return rows;
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
