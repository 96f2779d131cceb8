import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { COMPRESS_THRESHOLD_BYTES } from './compress.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describe('API answers on the wire', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('JSON above the threshold for %s: %s, with Vary', async (accept, expected) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    const text = decode(expected, response.rawPayload);
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(text)).toHaveProperty('paths');
    if (expected) {
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(text.length / 4);
    }
  });

  it('no accept-encoding: sent as it is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body)).toHaveProperty('paths');
  });

  it('a small answer (below the threshold) is sent as it is', async () => {
    for (const url of ['/api/health', '/api/v1/no-such-call']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.rawPayload.length, url).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(() => JSON.parse(response.body), url).not.toThrow();
    }
  });

  it('a compressed request body is not inflated (its size limit stays what is read)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
