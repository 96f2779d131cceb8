import type { DbOrTx } from './client.js';
import { leanPrepared } from './lean-execute.js';

/**
 * A statement of a hot path, built once per database handle instead of on every call: Drizzle renders
 * its SQL once (`.prepare(name)`), and node-postgres sends it as a named statement, which PostgreSQL
 * parses and plans once per connection. Values go in through `sql.placeholder`. The name must be
 * unique in the process. A statement whose text is fixed SQL (no Drizzle builder) uses `namedStatement`
 * (db/named-statement.ts) instead. Behind PgBouncer in transaction mode this needs PgBouncer ≥ 1.21 with
 * `max_prepared_statements` above zero (docs/scaling.md, "Connection pooling"). It runs lean
 * (db/lean-execute.ts): straight on the driver, without Drizzle's per-call tracing and cache layers.
 */
export function preparedStatement<
  T extends { execute(placeholders?: Record<string, unknown>): Promise<unknown> },
>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  // Per handle: the pool's Db lives as long as the app; a transaction's handle goes with it.
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = leanPrepared(build(db));
      built.set(db, statement);
    }
    return statement;
  };
}
