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
