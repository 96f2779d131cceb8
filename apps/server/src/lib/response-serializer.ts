import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How every contract answer is written: the route's response schema decides what is sent, and nothing
 * the schema does not name leaves the server (a row's other columns, a hash).
 *
 * Most response schemas are plain data (objects, strings, numbers, booleans, enums, arrays, nullables):
 * for those the schema is turned into JSON Schema once, at the route's first answer, and compiled by
 * fast-json-stringify (Fastify's own serializer), which writes only the declared properties in one
 * pass. That is several times cheaper per answer than re-validating it with zod and then running
 * JSON.stringify (a tenth of a short read's Node time in a profile), and the handlers' types already
 * hold the shape.
 *
 * Any schema whose wire form is not the plain data its handler returns — a codec or transform, a
 * default, a union (`anyOf`), a reference, a tuple, a literal — keeps the zod serializer, which
 * encodes and checks it as before. `plainJsonSchema` decides, conservatively.
 */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Fastify asks for every route's serializers as the routes are registered. Each is built on its route's
 * first answer instead: building them all (zod to JSON Schema twice, then fast-json-stringify's code)
 * was about a fifth of a warm start's CPU, for routes most processes never answer. The test of every
 * route's schema builds each one with `compileResponseSerializer`, so a schema that cannot be built
 * still fails there, not on a caller's request.
 */
export function responseSerializerCompiler(route: RouteSchema): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileResponseSerializer(route);
    return serialize(data);
  };
}

/** The route's serializer, built now: fast-json-stringify for plain data, zod otherwise. */
export function compileResponseSerializer(route: RouteSchema): (data: unknown) => string {
  const plain = plainJsonSchema(route.schema);
  if (!plain) return zodSerializerCompiler(route);
  return fastJsonStringify(plain as Parameters<typeof fastJsonStringify>[0]);
}

/** The keywords fast-json-stringify writes exactly as zod would encode; anything else keeps zod. */
const PLAIN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'description',
  'title',
  'examples',
  'deprecated',
  '$schema',
]);

/**
 * The schema as JSON Schema fit for fast-json-stringify, or undefined when it is not plain data: zod's
 * input and output forms must be the same (no codec, transform or default), and it may use only
 * `PLAIN_KEYWORDS`. `format` is dropped: the values are already strings (the schema says so), and
 * fast-json-stringify would otherwise write a null date-time as "".
 */
export function plainJsonSchema(schema: unknown): object | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let output: unknown;
  let input: unknown;
  try {
    output = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'throw',
    });
    input = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
      reused: 'inline',
      cycles: 'throw',
    });
  } catch {
    return undefined;
  }
  // zod writes `additionalProperties: false` for the output form only: encoding drops undeclared keys,
  // as fast-json-stringify does.
  const closed = /,?"additionalProperties":false/g;
  if (JSON.stringify(output).replace(closed, '') !== JSON.stringify(input).replace(closed, ''))
    return undefined;
  return plainCopy(output);
}

function plainCopy(node: unknown): object | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const nullable = nullableOf(node);
  if (nullable) return nullable;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!PLAIN_KEYWORDS.has(key)) return undefined;
    if (key === 'format') continue;
    // Several types are a union, except zod's own nullable scalar (`['string', 'null']`).
    if (key === 'type' && Array.isArray(value) && !(value.length === 2 && value.includes('null')))
      return undefined;
    if (key === 'properties') {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(value as object)) {
        const inner = plainCopy(property);
        if (!inner) return undefined;
        properties[name] = inner;
      }
      copy[key] = properties;
    } else if (
      key === 'items' ||
      key === 'propertyNames' ||
      (key === 'additionalProperties' && value !== false)
    ) {
      const inner = plainCopy(value);
      if (!inner) return undefined;
      copy[key] = inner;
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

/** `X.nullable()`, which zod writes `{ anyOf: [X, { type: 'null' }] }`, as X with `type: [X's type, 'null']`. */
function nullableOf(node: object): object | undefined {
  const { anyOf, ...rest } = node as { anyOf?: unknown[] };
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || Object.keys(rest).length > 0) return undefined;
  const isNull = (branch: unknown) => JSON.stringify(branch) === '{"type":"null"}';
  const other = isNull(anyOf[1]) ? anyOf[0] : isNull(anyOf[0]) ? anyOf[1] : undefined;
  const inner = plainCopy(other);
  const type = (inner as { type?: unknown } | undefined)?.type;
  if (!inner || typeof type !== 'string') return undefined;
  return { ...inner, type: [type, 'null'] };
}
