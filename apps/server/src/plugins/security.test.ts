import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

describe('Strict-Transport-Security', () => {
  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { trustProxy: true } });
    });
    afterAll(() => t.close());

    it('is sent when the request came over HTTPS', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('is not sent over plain HTTP', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('reached directly (no trusted proxy)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('is not sent over plain HTTP, and a client cannot claim HTTPS with X-Forwarded-Proto', async () => {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/health', headers });
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });
  });
});
