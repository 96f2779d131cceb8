import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

const NUL_MESSAGE = 'Remove the invisible null character (\\u0000) from this value';

/** The first field (dotted path) whose text holds a NUL character, if any. */
export function fieldWithNul(value: unknown, path = ''): string | null {
  // Raw bytes (a payment webhook's body, kept for its signature) are not text to store.
  if (Buffer.isBuffer(value)) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = fieldWithNul(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found =
        fieldWithNul(key, path ? `${path}.${key}` : key) ?? fieldWithNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, so a value holding one would fail deep inside a
 * query (a 500). Refused at the edge instead, as a 400 naming the field, before any route runs.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field) throw badRequest(NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]);
  });
});
