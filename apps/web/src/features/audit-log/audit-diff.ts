/**
 * An audit entry's before/after as rows people can read: nested values flattened to dotted keys
 * (`address.city`, `tags.0`), each key once, marked changed or not. Pure, so it is tested on its own.
 */
export interface DiffRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

/** What an absent value shows as. */
export const EMPTY = '—';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ a: { b: 1 }, c: [x, y] }` → `{ 'a.b': 1, 'c.0': x, 'c.1': y }`; empty objects and arrays stay as leaves. */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || value === undefined) return prefix ? { [prefix]: value } : {};
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : isPlainObject(value)
      ? Object.entries(value)
      : null;
  if (entries === null) return { [prefix || 'value']: value };
  if (entries.length === 0) return prefix ? { [prefix]: value } : {};
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) Object.assign(out, flatten(item, prefix ? `${prefix}.${key}` : key));
  return out;
}

/** One value as text: strings as they are, empty as "—", empty collections as `[]` / `{}`. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Every key of before and after (before's order, then keys only after has), each marked changed or not. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before);
  const now = flatten(after);
  const keys = [...Object.keys(old), ...Object.keys(now).filter((key) => !(key in old))];
  return keys.map((key) => {
    const a = formatValue(old[key]);
    const b = formatValue(now[key]);
    return { key, before: a, after: b, changed: a !== b };
  });
}

/** How many rows changed, for the collapsed entry's summary. */
export const changedCount = (rows: DiffRow[]) => rows.filter((row) => row.changed).length;
