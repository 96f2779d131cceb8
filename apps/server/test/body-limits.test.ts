import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/plugins/json-body.js';
import { guest, sellableEvent } from './checkout-fixtures.js';
import { httpCall, inParallel, listenOnLoopback } from './concurrency.js';
import { clientHeaders, createTestApp, type TestApp } from './helpers.js';

/**
 * Found when the API was attacked from outside: twenty anonymous 1 MB bodies of nested arrays to the
 * public checkout held the whole server for about a minute (every call 500, health checks timed out).
 * JSON bodies are now refused past MAX_JSON_DEPTH levels before they are parsed (plugins/json-body.ts).
 */
let t: TestApp;
let base: string;
let checkout: (rawBody: string, key: string) => Parameters<typeof httpCall>[1];
let validBody: c.CreateBookingBody;

/** `[[[…]]]` (or `{"a":{"a":…}}`) nested `depth` levels. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

beforeAll(async () => {
  t = await createTestApp({ config: { booking: { holdMinutes: 10, sweepSeconds: 0 } } });
  base = await listenOnLoopback(t);
  const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 10 }] });
  validBody = {
    eventId: event.id,
    lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
    buyer: guest,
  };
  checkout = (rawBody, key) => ({
    method: 'POST',
    path: c.createBooking.path,
    headers: { ...clientHeaders(), 'idempotency-key': key },
    rawBody,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('JSON bodies nesting too deep', () => {
  it('are refused with a 400 naming the limit: arrays, objects, a megabyte of brackets', async () => {
    for (const [name, body] of [
      ['arrays', nestedArrays(MAX_JSON_DEPTH + 1)],
      ['objects', nestedObjects(MAX_JSON_DEPTH + 1)],
      ['1 MB', nestedArrays(500_000)],
    ]) {
      const answer = await httpCall(base, checkout(body as string, `deep-${name}`));
      expect(answer.status, name).toBe(400);
      expect(answer.body.message, name).toBe(JSON_TOO_DEEP_MESSAGE);
      expect(JSON_TOO_DEEP_MESSAGE).toContain(`${MAX_JSON_DEPTH} levels`);
    }
  });

  it('are parsed up to the limit, and brackets inside strings (escaped quotes too) do not count', async () => {
    // Within the limit the body reaches validation, which names what is wrong with it.
    const atLimit = await httpCall(base, checkout(nestedObjects(MAX_JSON_DEPTH), 'at-limit'));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).not.toBe(JSON_TOO_DEEP_MESSAGE);
    const brackets = JSON.stringify({ ...validBody, buyer: { ...guest, name: `Ann "[[${'['.repeat(100)}` } });
    const named = await httpCall(base, checkout(brackets, 'brackets-in-a-string'));
    expect(named.status).toBe(200);
  });

  it('keep the prototype-poisoning guard and the JSON errors of the parser', async () => {
    const poisoned = await httpCall(base, checkout('{"__proto__":{"admin":true}}', 'poisoned'));
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.message).toBe('The request body is not valid JSON.');
    const broken = await httpCall(base, checkout('{"eventId": ', 'broken'));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON.');
  });

  it('a body larger than the limit is refused naming the limit', async () => {
    const large = JSON.stringify({ ...validBody, filler: 'x'.repeat(BODY_LIMIT_BYTES) });
    const answer = await httpCall(base, checkout(large, 'too-large'));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The request body is larger than 1 MB.');
  });

  it('twenty 1 MB nested bodies at once: each refused, while health and a real checkout are answered', async () => {
    const attack = inParallel(base, 20, (i) => checkout(nestedArrays(500_000), `attack-${i}`), 60_000);
    const [health, bought] = await Promise.all([
      httpCall(base, { method: 'GET', path: '/api/health' }, 60_000),
      httpCall(
        base,
        {
          method: 'POST',
          path: c.createBooking.path,
          headers: { ...clientHeaders(), 'idempotency-key': 'meanwhile' },
          body: validBody,
        },
        60_000,
      ),
    ]);
    expect(health.status).toBe(200);
    expect(bought.status).toBe(200);
    expect((await attack).byMessage).toEqual({ [`400 ${JSON_TOO_DEEP_MESSAGE}`]: 20 });
  }, 90_000);
});
