import * as c from '@marquee/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSerializer,
  plainJsonSchema,
  responseSerializerCompiler,
} from './response-serializer.js';

/**
 * Answers are written by fast-json-stringify where the schema is plain data, by zod otherwise
 * (response-serializer.ts). Either way a caller must read the same JSON zod would have written, and
 * nothing the schema does not declare.
 */
function both(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/test' };
  return {
    fast: responseSerializerCompiler(route as never),
    zod: zodSerializerCompiler(route as never) as (data: unknown) => string,
  };
}

const profile = z.object({
  message: z.string(),
  result: z.object({
    _id: z.uuid(),
    email: z.email(),
    phone: z.string().nullable(),
    verified: z.boolean(),
    role: z.enum(['ADMIN', 'USER']),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().nullable(),
    seats: z.number().int(),
    price: z.number(),
    nickname: z.string().optional(),
    tags: z.array(z.object({ id: z.string(), label: z.string() })),
    counts: z.record(z.string(), z.number()),
    nested: z.object({ status: z.string(), note: z.string().nullable() }).nullable(),
  }),
});

describe('plain data schemas', () => {
  const { fast, zod } = both(profile);
  const data = {
    message: 'Profile loaded.',
    result: {
      _id: '8bda2e5f-5766-4f2b-9200-88a6e6637d4d',
      email: 'ada@example.com',
      phone: null,
      verified: true,
      role: 'ADMIN',
      createdAt: '2026-11-26T22:24:42.106Z',
      updatedAt: null,
      seats: 3,
      price: 12.5,
      tags: [{ id: 't1', label: 'Jazz "live" \u2028 night', secret: 'x' }],
      counts: { a: 1, b: 2 },
      nested: { status: 'NONE', note: null },
      passwordHash: 'must never leave',
    },
  };

  it('are written by fast-json-stringify, as the JSON zod writes, the same values back', () => {
    expect(plainJsonSchema(profile)).toBeDefined();
    expect(JSON.parse(fast(data))).toEqual(JSON.parse(zod(data)));
  });

  it('never write what the schema does not declare, at any depth', () => {
    const written = fast(data);
    expect(written).not.toContain('passwordHash');
    expect(written).not.toContain('must never leave');
    expect(written).not.toContain('"secret"');
  });

  it('leave out an optional property that is absent, and write null where null is allowed', () => {
    const parsed = JSON.parse(fast(data));
    expect('nickname' in parsed.result).toBe(false);
    expect(parsed.result.updatedAt).toBeNull();
    expect(parsed.result.nested.note).toBeNull();
    expect(JSON.parse(fast({ ...data, result: { ...data.result, nested: null } })).result.nested).toBeNull();
  });
});

describe('schemas that are not plain data keep the zod serializer', () => {
  const cases: [string, z.ZodType, unknown][] = [
    [
      'a codec (Date in, text out)',
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), {
          decode: (s) => new Date(s),
          encode: (d) => d.toISOString(),
        }),
      }),
      { at: new Date('2026-01-02T03:04:05.000Z') },
    ],
    ['a default', z.object({ n: z.number().default(1) }), { n: 2 }],
    ['a union', z.object({ v: z.union([z.string(), z.number()]) }), { v: 3 }],
    ['a literal', z.object({ ok: z.literal(true) }), { ok: true }],
  ];
  for (const [name, schema, value] of cases) {
    it(name, () => {
      expect(plainJsonSchema(schema)).toBeUndefined();
      const { fast, zod } = both(schema);
      expect(fast(value)).toBe(zod(value));
    });
  }

  it('a value zod refuses still fails to be written (a 500, never a wrong answer)', () => {
    const { fast } = both(
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), {
          decode: (s) => new Date(s),
          encode: (d) => d.toISOString(),
        }),
      }),
    );
    expect(() => fast({ at: 'not a date' })).toThrow();
  });
});

describe('the contract', () => {
  const routes = (Object.values(c) as unknown[]).filter(
    (value): value is { path: string; response: z.ZodType } =>
      typeof value === 'object' &&
      value !== null &&
      'path' in value &&
      'response' in value &&
      value.response instanceof z.ZodType,
  );

  it('the signed-in profile, read on every console load, is written the fast way', () => {
    expect(plainJsonSchema(c.getUserDetail.response)).toBeDefined();
  });

  it('every route answer schema compiles one way or the other', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes)
      expect(
        typeof compileResponseSerializer({
          schema: route.response,
          method: 'GET',
          url: route.path,
        } as never),
      ).toBe('function');
  });
});
