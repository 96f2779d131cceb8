import type { DbOrTx } from './client.js';

/**
 * A hot query built once per database handle instead of on every call: `build` makes it with Drizzle's
 * `.prepare('')` and `sql.placeholder`s. The empty name keeps it an *unnamed* statement (node-postgres
 * sends a named one only for a non-empty name), so nothing is prepared on the server's connections and
 * PgBouncer's transaction mode stays safe (docs/scaling.md); what is saved is Drizzle's SQL building,
 * which on a door's scan cost more CPU than the rest of the request. A transaction is a handle of its own
 * (built again, then dropped with it).
 */
export function builtOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
