import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

const NUL_MESSAGE = 'Remove the invisible null character (\\u0000) from this value';

/**
 * The first field (dotted path) whose text holds a NUL character, if any. Walked with a stack of its
 * own, not by recursion: a body's depth is bounded by the JSON parser (plugins/json-body.ts), and
 * this walk must not be the place where a deep value costs the call stack.
 */
export function fieldWithNul(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    // Raw bytes (a payment webhook's body, kept for its signature) are not text to store.
    if (Buffer.isBuffer(current)) continue;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'value';
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    // Pushed last to first, so the first field in the document is reported first.
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        pending.push({ value: current[i], path: path ? `${path}.${i}` : String(i) });
      }
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i] as string;
      const at = path ? `${path}.${key}` : key;
      pending.push({ value: (current as Record<string, unknown>)[key], path: at });
      pending.push({ value: key, path: at });
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, so a value holding one would fail deep inside a
 * query (a 500). Refused at the edge instead, as a 400 naming the field, before any route runs.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = fieldWithNul(request.query) ?? fieldWithNul(request.body);
    done(field ? badRequest(NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]) : undefined);
  });
});
