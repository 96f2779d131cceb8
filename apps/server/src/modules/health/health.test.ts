import { readiness } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders } from '../../../test/client-headers.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { paymentsStandIn } from '../../../test/payments-stand-in.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { connectDatabase } from '../../db/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('answers health without client credentials once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it("sends a data answer the headers that guard data, not a page's", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-request-id']).toBeTruthy();
    // A page's isolation and legacy headers say nothing to JSON.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it("sends what answers no route a page's policy (scripts from our origin only)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-call',
      headers: clientHeaders(),
    });
    expect(response.statusCode).toBe(404);
    // WebAssembly from our own files (the door's QR reader) may compile; eval stays forbidden.
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(response.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the user calls in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/user/login', '/api/v1/user/logout', '/api/v1/user/get-user-detail']),
    );
    expect(
      paths['/api/v1/user/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('password');
  });

  it('serves the API reference page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('readiness', () => {
  it('answers ready with the database by name, and no Redis when none is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: readiness.path });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', stopping: false, checks: { database: 'ok' } });
  });

  it('answers 503 with Retry-After while the database is away; liveness says so too', async () => {
    // A closed port: every connection attempt is refused at once.
    const database = connectDatabase('postgres://postgres@127.0.0.1:1/marquee', { max: 1 }, () => undefined);
    // Not the sandbox payments, which read their webhook secret from the database when the app starts.
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      jobs: false,
      payments: paymentsStandIn().provider,
    });
    try {
      const ready = await app.inject({ method: 'GET', url: readiness.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({ status: 'not_ready', stopping: false, checks: { database: 'down' } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 once the process is stopping, while other calls are still served and close their connection', async () => {
    const stopping = await createTestApp();
    try {
      stopping.app.lifecycle.beginStopping();
      const ready = await stopping.app.inject({ method: 'GET', url: readiness.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', stopping: true, checks: { database: 'ok' } });
      const live = await stopping.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      await stopping.close();
    }
  });
});
