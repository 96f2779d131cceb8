/**
 * Hostile input made from an operation's OpenAPI schemas (the fuzz test): a valid-looking base input,
 * then one change per case. Pure and seeded: the same seed makes the same cases, so a failure found
 * once is found again.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
}

/** mulberry32: small, fast and good enough to pick cases. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The schema a value of this one takes: the first alternative that is not null. */
export function resolved(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!options) return schema;
  const first = options.find((s) => s.type !== 'null') ?? options[0] ?? {};
  return resolved({ ...first, default: schema.default ?? first.default });
}

function kindOf(schema: JsonSchema): string {
  const s = resolved(schema);
  if (s.enum) return 'enum';
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'string' && (s.format === 'date-time' || s.format === 'date')) return 'date';
  if (type) return type;
  if (s.properties) return 'object';
  return 'unknown';
}

/** Values that pass the common patterns of the contract, tried in turn against a pattern. */
const PATTERN_CANDIDATES = [
  '/orders',
  '/media/fuzz.png',
  '+44',
  'createdAt',
  'Europe/London',
  '2026-12-01',
  'ABC123',
];

/** Text fields whose rules a schema does not show (refinements, transforms), by name. */
const NAMED_SAMPLES: Record<string, string> = {
  phone: '2025550123',
  countryCode: '+44',
  documentUrl: '/media/fuzz.png',
  email: 'fuzz@example.test',
  website: 'https://example.test',
  onlineUrl: 'https://example.test/live',
  timeZone: 'Europe/London',
};

/**
 * The text every generated name starts with, made unique per call by the test at the same length
 * (a unique name reaches the insert; a repeated one stops at the duplicate check).
 */
export const SAMPLE_TEXT = 'Fuzz value';

export type IdFor = (field: string) => string | undefined;

/** A value the schema accepts (as far as a generic reading of it can tell): the base of every case. */
export function sample(schema: JsonSchema, field: string, idFor: IdFor): unknown {
  const s = resolved(schema);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  switch (kindOf(s)) {
    case 'enum':
      return s.enum?.[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const property = s.properties?.[key];
        if (property) out[key] = sample(property, key, idFor);
      }
      return out;
    }
    case 'array': {
      const item = s.items ?? {};
      const singular = field.endsWith('Ids') ? field.slice(0, -1) : field;
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(item, singular, idFor));
    }
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'date':
      return s.format === 'date' ? '2026-12-01' : new Date(Date.now() + 30 * 86_400_000).toISOString();
    case 'string': {
      const named = NAMED_SAMPLES[field];
      if (named && !s.enum) return named;
      if (s.format === 'uuid') return idFor(field) ?? '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return new Date(Date.now() + 30 * 86_400_000).toISOString();
      if (s.format === 'date') return '2026-12-01';
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.pattern) {
        const pattern = new RegExp(s.pattern, 'u');
        return PATTERN_CANDIDATES.find((c) => pattern.test(c)) ?? 'fuzz';
      }
      const text = SAMPLE_TEXT;
      const min = s.minLength ?? 0;
      return (min > text.length ? text.padEnd(min, 'x') : text).slice(0, s.maxLength ?? text.length);
    }
    default:
      return 'fuzz';
  }
}

/** Every field the schema names, optional ones too, as paths (array items as index 0), with its kind. */
export function leaves(
  schema: JsonSchema,
  path: string[] = [],
  depth = 0,
): { path: string[]; kind: string }[] {
  const s = resolved(schema);
  const kind = kindOf(s);
  const here = path.length ? [{ path, kind }] : [];
  if (depth > 4) return here;
  if (kind === 'object') {
    return [
      ...here,
      ...Object.entries(s.properties ?? {}).flatMap(([key, child]) =>
        leaves(child, [...path, key], depth + 1),
      ),
    ];
  }
  if (kind === 'array' && s.items && ['object', 'array'].includes(kindOf(s.items))) {
    return [...here, ...leaves(s.items, [...path, '0'], depth + 1)];
  }
  return here;
}

/** A copy of `value` with `path` set (parents made as needed, array indexes as numbers). */
export function withValue(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValue(copy[Number(head)] ?? {}, rest, replacement);
    return copy;
  }
  const base = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const next = base[head] ?? (/^\d+$/.test(rest[0] ?? '') ? [] : {});
  return { ...base, [head]: withValue(next, rest, replacement) };
}

export function without(value: unknown, path: string[]): unknown {
  if (path.length === 1 && value && typeof value === 'object' && !Array.isArray(value)) {
    const { [path[0] as string]: _dropped, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  return value;
}

export const HUGE_STRING = 'x'.repeat(100_000);
export const DEEP_DEPTH = 200;

export function deeplyNested(depth = DEEP_DEPTH): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Dates the contract's format accepts that a JavaScript Date or PostgreSQL may not. */
const EXTREME_DATES = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00'];

/** Values that are wrong, or right but extreme, for a field of each kind. */
const NUMBERS = [-1, 0.5, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 1e308, 0];
const STRINGS = [
  '',
  HUGE_STRING,
  'a\u0000b',
  '   ',
  '/\t/evil.example',
  '//evil.example',
  "' or 1=1 --",
  '\u202e\ud83d\ude00',
  '9'.repeat(40),
  '-1',
  'constructor',
];
const WRONG_TYPES: unknown[] = [null, true, 12345, 'text', [], {}, ['a', 'b'], { a: { b: 1 } }];

export function hostileValues(kind: string): unknown[] {
  switch (kind) {
    case 'integer':
    case 'number':
      return [...NUMBERS, '12', null, true, [1]];
    case 'string':
      return [...STRINGS, 42, null, ['x'], {}];
    case 'date':
      return [...EXTREME_DATES, '2026-02-30T10:00:00Z', 'yesterday', '', 1_700_000_000_000, null];
    case 'enum':
      return ['NOT_A_VALUE', '', 'constructor', 7, null];
    case 'boolean':
      return ['true', 1, null, {}];
    case 'array':
      return [[], 'x', {}, [null], Array.from({ length: 200 }, (_, i) => `item-${i}`), deeplyNested(20)];
    case 'object':
      return [[], 'x', null, 17, deeplyNested()];
    default:
      return WRONG_TYPES;
  }
}

/** The same hostile values as they can be written in a query string. */
export const QUERY_VALUES = [
  '',
  HUGE_STRING,
  'a\u0000b',
  '-1',
  '0.5',
  '2147483648',
  '9007199254740993',
  '1e400',
  'NaN',
  'Infinity',
  'true',
  '[object Object]',
  '/\t/evil.example',
  '00000000-0000-0000-0000-00000000000g',
  ...EXTREME_DATES,
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  "' or 1=1 --",
];
