import type pg from 'pg';
import type { BackupTable } from './format.js';

/**
 * The application's own schema. pg-boss's `pgboss` schema is left out on purpose: its rows are
 * derived work (the domain rows stay the truth, and a starting server queues again what they say is
 * pending, lib/jobs.ts), and its tables belong to the pg-boss version, which creates them itself.
 */
export const BACKED_UP_SCHEMAS = ['public'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (t: { schema: string; name: string }) => `${quote(t.schema)}.${quote(t.name)}`;
export const columnList = (columns: string[]) => columns.map(quote).join(', ');
export const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/**
 * The tables with their stored columns, ordered so that each comes after the tables it references
 * (a reference cycle, if one ever appears, is broken where it is met; the load then relies on the
 * references being nullable and set in the same rows).
 */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  const { rows: references } = await client.query<{ from: string; to: string }>(
    `select fn.nspname || '.' || f.relname as "from", tn.nspname || '.' || t.relname as "to"
       from pg_constraint k
       join pg_class f on f.oid = k.conrelid join pg_namespace fn on fn.oid = f.relnamespace
       join pg_class t on t.oid = k.confrelid join pg_namespace tn on tn.oid = t.relnamespace
      where k.contype = 'f' and fn.nspname = any($1)`,
    [BACKED_UP_SCHEMAS],
  );
  const needs = new Map<string, Set<string>>();
  for (const r of references)
    if (r.from !== r.to) needs.set(r.from, (needs.get(r.from) ?? new Set()).add(r.to));
  const ordered: BackupTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const byKey = new Map(rows.map((t) => [key(t), t]));
  const visit = (table: BackupTable) => {
    const k = key(table);
    if (state.has(k)) return;
    state.set(k, 'visiting');
    for (const dependency of needs.get(k) ?? []) {
      const target = byKey.get(dependency);
      if (target) visit(target);
    }
    state.set(k, 'done');
    ordered.push(table);
  };
  for (const table of rows) visit(table);
  return ordered;
}

export async function sequencesOf(client: pg.ClientBase) {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences where schemaname = any($1) order by 1, 2`,
    [BACKED_UP_SCHEMAS],
  );
  const out = [];
  for (const s of rows) {
    const { rows: value } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(s)}`,
    );
    out.push({ ...s, lastValue: value[0]?.last_value ?? '1', isCalled: value[0]?.is_called ?? false });
  }
  return out;
}

export interface MigrationLevel {
  count: number;
  createdAt: number;
  hash: string;
}

/** The last migration drizzle recorded, or null on a database it never migrated. */
export async function migrationLevel(client: pg.ClientBase): Promise<MigrationLevel | null> {
  const { rows: exists } = await client.query(
    `select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (exists.length === 0) return null;
  const { rows } = await client.query<{ count: number; created_at: string; hash: string }>(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as count, created_at::text, hash
       from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = rows[0];
  return last ? { count: last.count, createdAt: Number(last.created_at), hash: last.hash } : null;
}
