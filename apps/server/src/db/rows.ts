/**
 * The schema's row types, without its tables: what a command, a route or the access layer may name
 * (`UserRow`, `EventRow` …) without importing the schema, which only repository and query files do.
 */
export type * from './schema/index.js';
