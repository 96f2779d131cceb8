import { defineRoute, envelope } from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdempotencyStore, IDEMPOTENCY_MESSAGES } from '../src/db/idempotency-store.js';
import { categories } from '../src/db/schema/index.js';
import { addRoute } from '../src/lib/route.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { inParallel, listenOnLoopback } from './concurrency.js';
import { clientHeaders, createTestApp, createUser, loginAs, manualClock, type TestApp } from './helpers.js';

const CREATE = '/api/v1/admin/category/create-category';
const clock = manualClock();
let t: TestApp;
let admin: string;

function create(name: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: CREATE,
    headers: { ...clientHeaders(admin), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name },
  });
}

async function countNamed(name: string) {
  const rows = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(eq(categories.name, name));
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await createUser(t, { role: 'ADMIN' });
  admin = await loginAs(t, a.email, a.password);
});
afterAll(() => t.close());

describe('idempotency-key on mutating calls', () => {
  it('a retry with the same key and body gets the first answer and creates nothing new', async () => {
    const first = await create('Jazz', 'retry-1');
    const again = await create('Jazz', 'retry-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countNamed('Jazz')).toBe(1);
    // Without the key the same call is a new change, refused as a duplicate.
    expect((await create('Jazz')).statusCode).toBe(409);
  });

  it('the same key with another body is a 409 that says so', async () => {
    await create('Blues', 'mixed-1');
    const other = await create('Soul', 'mixed-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.mismatch);
    expect(await countNamed('Soul')).toBe(0);
  });

  it('a failed call keeps nothing, so its retry runs afresh', async () => {
    await create('Funk');
    const refused = await create('Funk', 'failed-1');
    expect(refused.statusCode).toBe(409);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/category/update-category',
      headers: clientHeaders(admin),
      payload: {
        categoryId: (await t.db.select().from(categories).where(eq(categories.name, 'Funk')))[0]?.id,
        name: 'Funk Old',
      },
    });
    const retried = await create('Funk', 'failed-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys expire after 24 hours: the same key then starts a new change', async () => {
    await create('Disco', 'daily-1');
    clock.advance(23 * 3_600_000);
    expect((await create('House', 'daily-1')).statusCode).toBe(409);
    clock.advance(2 * 3_600_000);
    const later = await create('House', 'daily-1');
    expect(later.statusCode).toBe(200);
    expect(await countNamed('House')).toBe(1);
  });

  it('keys belong to one actor: another administrator may use the same key', async () => {
    await create('Reggae', 'shared-key');
    const b = await createUser(t, { role: 'ADMIN' });
    const other = await loginAs(t, b.email, b.password);
    const theirs = await t.app.inject({
      method: 'POST',
      url: CREATE,
      headers: { ...clientHeaders(other), 'idempotency-key': 'shared-key' },
      payload: { name: 'Ska' },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('parallel copies of one keyed call make one change: the others replay it or are told it is in flight', async () => {
    const base = await listenOnLoopback(t);
    const tally = await inParallel(base, 10, () => ({
      method: 'POST',
      path: CREATE,
      headers: { ...clientHeaders(admin), 'idempotency-key': 'parallel-1' },
      body: { name: 'Parallel Jazz' },
    }));
    expect(await countNamed('Parallel Jazz')).toBe(1);
    expect(Object.keys(tally.byStatus).sort()).toEqual(expect.arrayContaining(['200']));
    for (const [key, n] of Object.entries(tally.byMessage)) {
      if (key.startsWith('409')) expect(key, `${n}`).toBe(`409 ${IDEMPOTENCY_MESSAGES.inFlight}`);
      else expect(key.startsWith('200')).toBe(true);
    }
  });

  it('a route declared `required` refuses a call without a key; an invalid key is a 400', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('idempotency', createIdempotencyStore({ db: t.db, clock }));
    await app.register(errorsPlugin);
    const route = defineRoute({
      method: 'POST',
      path: '/api/v1/test/refund',
      summary: 'A call that must be idempotent',
      tag: 'Test',
      access: 'public',
      body: z.object({ amount: z.number().int() }),
      response: envelope(z.object({ amount: z.number().int() })),
    });
    addRoute(app, route, async ({ body }) => ({ message: 'Done.', result: { amount: body.amount } }), {
      idempotency: 'required',
    });
    await app.ready();
    const without = await app.inject({ method: 'POST', url: route.path, payload: { amount: 5 } });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(IDEMPOTENCY_MESSAGES.required);
    const invalid = await app.inject({
      method: 'POST',
      url: route.path,
      headers: { 'idempotency-key': 'x'.repeat(300) },
      payload: { amount: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    const keyed = await app.inject({
      method: 'POST',
      url: route.path,
      headers: { 'idempotency-key': 'refund-1' },
      payload: { amount: 5 },
    });
    expect(keyed.statusCode).toBe(200);
    await app.close();
  });
});
