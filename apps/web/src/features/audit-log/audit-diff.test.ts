import { describe, expect, it } from 'vitest';
import { auditDiff, changedCount, EMPTY, flatten, formatValue } from './audit-diff';

describe('flatten', () => {
  it('turns nested objects and arrays into dotted keys', () => {
    expect(flatten({ a: { b: 1, c: { d: 'x' } }, tags: ['p', 'q'], e: null })).toEqual({
      'a.b': 1,
      'a.c.d': 'x',
      'tags.0': 'p',
      'tags.1': 'q',
      e: null,
    });
  });

  it('keeps empty collections as leaves and names a bare value', () => {
    expect(flatten({ list: [], map: {} })).toEqual({ list: [], map: {} });
    expect(flatten('ACTIVE')).toEqual({ value: 'ACTIVE' });
    expect(flatten(null)).toEqual({});
    expect(flatten(undefined)).toEqual({});
  });
});

describe('formatValue', () => {
  it('shows empty values as a dash and the rest as text', () => {
    expect(formatValue(null)).toBe(EMPTY);
    expect(formatValue(undefined)).toBe(EMPTY);
    expect(formatValue('')).toBe(EMPTY);
    expect(formatValue(false)).toBe('false');
    expect(formatValue(0)).toBe('0');
    expect(formatValue([])).toBe('[]');
  });
});

describe('auditDiff', () => {
  it('marks changed fields, old → new, and keeps unchanged ones for "Show all fields"', () => {
    const rows = auditDiff(
      { status: 'ACTIVE', reason: null, name: 'Ada', address: { city: 'Oslo', zip: '0150' } },
      { status: 'BLOCKED', reason: 'Spam', name: 'Ada', address: { city: 'Bergen', zip: '0150' } },
    );
    expect(rows.filter((r) => r.changed)).toEqual([
      { key: 'status', before: 'ACTIVE', after: 'BLOCKED', changed: true },
      { key: 'reason', before: EMPTY, after: 'Spam', changed: true },
      { key: 'address.city', before: 'Oslo', after: 'Bergen', changed: true },
    ]);
    expect(rows.filter((r) => !r.changed).map((r) => r.key)).toEqual(['name', 'address.zip']);
    expect(changedCount(rows)).toBe(3);
  });

  it('treats a created entity (no before) and a deleted one (no after) as all changed', () => {
    expect(auditDiff(null, { title: 'New', order: 2 })).toEqual([
      { key: 'title', before: EMPTY, after: 'New', changed: true },
      { key: 'order', before: EMPTY, after: '2', changed: true },
    ]);
    expect(auditDiff({ title: 'Old' }, null)).toEqual([
      { key: 'title', before: 'Old', after: EMPTY, changed: true },
    ]);
  });

  it('lists keys only the after has, after the before keys, and array changes per index', () => {
    const rows = auditDiff({ tags: ['a'] }, { tags: ['a', 'b'], extra: true });
    expect(rows).toEqual([
      { key: 'tags.0', before: 'a', after: 'a', changed: false },
      { key: 'tags.1', before: EMPTY, after: 'b', changed: true },
      { key: 'extra', before: EMPTY, after: 'true', changed: true },
    ]);
  });

  it('sees nothing changed when both sides are equal', () => {
    expect(changedCount(auditDiff({ a: 1 }, { a: 1 }))).toBe(0);
  });
});
