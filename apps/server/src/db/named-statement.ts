import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { DbOrTx } from './client.js';
import { leanRawStatement } from './lean-execute.js';

/**
 * A statement of the hot paths (checkout, idempotency keys, the outbox) with constant text and a name:
 * PostgreSQL parses and plans it once per connection (a named prepared statement), and Node builds
 * nothing per call. Runs on whatever it is given: the pool, or a transaction's connection. Values are
 * positional (`$1` …); the caller turns the raw rows into its types.
 */
export function namedStatement<R extends Record<string, unknown>>(name: string, text: string) {
  // Drizzle's query object for this text, made once per handle (the pool, or a transaction's
  // connection) and run lean (db/lean-execute.ts): its client, type parsers and error wrapping, without
  // a new object and three tracing spans per call.
  const built = new WeakMap<DbOrTx, (values: readonly unknown[]) => Promise<QueryResult>>();
  return (db: DbOrTx, values: readonly unknown[]): Promise<QueryResult<R>> => {
    let run = built.get(db);
    if (!run) {
      const prepare = (params: unknown[]) =>
        db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
      run = leanRawStatement(prepare([]), (slowValues) => prepare([...slowValues]).execute());
      built.set(db, run);
    }
    return run(values) as Promise<QueryResult<R>>;
  };
}

type ColumnReader = [key: string, name: string, read: (value: unknown) => unknown];
const readers = new WeakMap<PgTable, ColumnReader[]>();

/**
 * A row of `table` read back from its JSON (`to_json(t)`, `json_agg(t)` in a statement that reads many
 * tables at once): each column's own decoding (timestamps to Date, arrays, jsonb), keyed as Drizzle keys it.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = readers.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.name,
      (value: unknown) => column.mapFromDriverValue(value),
    ]);
    readers.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, name, read] of columns) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : read(value);
  }
  return row as T['$inferSelect'];
}
