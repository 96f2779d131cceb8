import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedContent } from '../../db/seed-content.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const content = (key: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/content/get-content-detail?key=${key}`,
    headers: clientHeaders(),
  });

describe('GET /api/v1/content/get-content-detail', () => {
  it('answers 404 before the pages exist, then the seeded pages without a session', async () => {
    expect((await content('terms')).statusCode).toBe(404);
    await seedContent(t.db);
    await seedContent(t.db); // idempotent
    for (const key of ['terms', 'privacy', 'about', 'faq']) {
      const response = await content(key);
      expect(response.statusCode).toBe(200);
      expect(response.json().result.key).toBe(key);
      expect(response.json().result.body.length).toBeGreaterThan(20);
    }
    expect((await content('terms')).json().result.title).toBe('Terms of use');
  });

  it('names the allowed keys on a wrong one', async () => {
    const response = await content('secrets');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose one of terms, privacy, about or faq');
  });
});

describe('content editing (administrators)', () => {
  it('lists the pages, saves a new title and body that the public call then serves; others get 403', async () => {
    const { caller } = await import('../../../test/calls.js');
    const { createUser, loginAs } = await import('../../../test/helpers.js');
    const call = caller(t);
    await seedContent(t.db);
    const a = await createUser(t, { role: 'ADMIN' });
    const o = await createUser(t, { organizerRequest: 'APPROVED' });
    const admin = await loginAs(t, a.email, a.password);
    const organizer = await loginAs(t, o.email, o.password);

    const list = await call('GET', '/api/v1/content/get-content-list', admin);
    expect(list.status).toBe(200);
    expect(list.body.result.map((p: { key: string }) => p.key)).toEqual(['terms', 'privacy', 'about', 'faq']);

    const saved = await call('PUT', '/api/v1/content/update-content-detail', admin, {
      key: 'terms',
      title: '  Terms of service  ',
      body: 'First paragraph.\r\n\r\nSecond paragraph.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('"Terms of service" saved.');
    expect(saved.body.result).toMatchObject({
      title: 'Terms of service',
      body: 'First paragraph.\n\nSecond paragraph.',
    });
    const pub = (await content('terms')).json().result;
    expect(pub).toMatchObject({ title: 'Terms of service', body: 'First paragraph.\n\nSecond paragraph.' });
    expect(pub.updatedAt).toBe(saved.body.result.updatedAt);

    const blank = await call('PUT', '/api/v1/content/update-content-detail', admin, {
      key: 'privacy',
      title: 'P',
      body: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['body', 'title']);
    const badKey = await call('PUT', '/api/v1/content/update-content-detail', admin, {
      key: 'secrets',
      title: 'Secrets',
      body: 'x',
    });
    expect(badKey.status).toBe(400);

    for (const [method, url, data] of [
      ['GET', '/api/v1/content/get-content-list', undefined],
      ['PUT', '/api/v1/content/update-content-detail', { key: 'terms', title: 'Hacked', body: 'Hacked' }],
    ] as const) {
      const refused = await call(method, url, organizer, data);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only administrators can do this.');
      expect((await call(method, url, undefined, data)).status).toBe(401);
    }
    expect((await content('terms')).json().result.title).toBe('Terms of service');
  });
});
