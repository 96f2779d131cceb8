import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

/** The deepest nesting of arrays and objects a JSON body may have: far more than any call's body needs. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`;

/**
 * Whether the arrays and objects of a JSON text nest deeper than `limit`: one pass over the text,
 * brackets inside strings (escaped quotes included) not counted, stopping at the first level too deep.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      // A backslash: the next character is escaped, whatever it is.
      if (char === 0x5c) i += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies are checked for depth before they are parsed: a megabyte of `[[[[…` parsed into a
 * million nested arrays, then walked by every hook that reads the body, held the process for seconds
 * per call, and twenty such calls stalled every other caller. Refused here with a 400 naming the
 * limit, in one linear scan of the text. Parsing itself stays Fastify's (secure-json-parse with the
 * server's `__proto__` and `constructor` poisoning settings); the size is Fastify's `bodyLimit`.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP_MESSAGE, [{ field: 'body', message: JSON_TOO_DEEP_MESSAGE }]), undefined);
      return;
    }
    parse(request, text, done);
  });
});
