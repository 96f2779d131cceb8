import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
const BIG_HTML = `<!doctype html><title>Marquee</title><!-- ${'padding '.repeat(300)} -->`;

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A built console with a source map left beside its script, as a build with maps on would leave it.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Marquee</title>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc.js'), 'console.log(1);\n');
  await fs.writeFile(
    path.join(webDir, 'assets', 'index-abc.js.map'),
    '{"version":3,"sources":["secret.ts"]}',
  );
  await fs.writeFile(path.join(webDir, 'stray.map'), '{}');
  // What the web build writes for the login route (apps/web/bundle-report.ts).
  await fs.writeFile(
    path.join(webDir, 'route-preloads.json'),
    JSON.stringify({ '/login': ['/assets/LoginPage-abc.js', '/assets/Input-abc.js'] }),
  );
  // What `npm run build` leaves (apps/web/scripts/precompress.mjs): a brotli and a gzip copy of each
  // text file above 1 KB, index.html included.
  await fs.writeFile(path.join(webDir, 'assets', 'shell-def.js'), BIG_SCRIPT);
  await fs.writeFile(path.join(webDir, 'index.html'), BIG_HTML);
  await fs.writeFile(path.join(webDir, 'assets', 'photo-abc.png'), Buffer.alloc(4096, 7));
  for (const file of ['assets/shell-def.js', 'index.html']) {
    const body = await fs.readFile(path.join(webDir, file));
    await fs.writeFile(path.join(webDir, `${file}.br`), zlib.brotliCompressSync(body));
    await fs.writeFile(path.join(webDir, `${file}.gz`), zlib.gzipSync(body));
  }
  t = await createTestApp({ config: { env: 'production', webDistDir: webDir } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('the built console', () => {
  it('serves its scripts and answers deep links with index.html', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    const deepLink = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<title>Marquee</title>');
  });

  it('sends a fingerprinted file without the document-only headers, and the page with them', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers.etag).toBeDefined();
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-request-id'])
      expect(script.headers[name], name).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-request-id']).toBeDefined();
  });

  it('never sends a file from outside the folder, however the path is spelled', async () => {
    // A file beside the built console's folder, which a path climbing out of it would reach.
    const outside = path.join(path.dirname(webDir), `${path.basename(webDir)}-secret.txt`);
    await fs.writeFile(outside, 'not for the web');
    try {
      const name = path.basename(outside);
      for (const url of [
        `/../${name}`,
        `/assets/../../${name}`,
        `/assets/%2e%2e/%2e%2e/${name}`,
        `/assets//../../${name}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain('not for the web');
      }
    } finally {
      await fs.rm(outside, { force: true });
    }
  });

  it("names the login screen's chunks in a preload header on /login only", async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard' });
    expect(login.headers.link).toBe(
      '</assets/LoginPage-abc.js>; rel=modulepreload, </assets/Input-abc.js>; rel=modulepreload',
    );
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.headers.link).toBeUndefined();
  });

  it('never serves a source map, even one present in the folder', async () => {
    for (const url of [
      '/assets/index-abc.js.map',
      '/stray.map',
      '/assets/INDEX-ABC.JS.MAP',
      '/assets/index-abc.js.map?x=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.ts');
    }
  });
});

describe('the built console, pre-compressed', () => {
  const decode = (encoding: string | undefined, body: Buffer) =>
    encoding === 'br'
      ? zlib.brotliDecompressSync(body).toString()
      : encoding === 'gzip'
        ? zlib.gunzipSync(body).toString()
        : body.toString();

  it.each([
    ['br', 'gzip, deflate, br', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
    ['neither', 'identity', undefined],
    ['no accept-encoding', undefined, undefined],
  ])('a script for %s: the matching copy, with Vary', async (_name, accept, expected) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/shell-def.js',
      headers: accept ? { 'accept-encoding': accept } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(decode(expected, response.rawPayload)).toBe(BIG_SCRIPT);
    if (expected) expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 2);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('a deep link answers index.html for %s: the matching copy, not cached', async (accept, expected) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/orders/events/1',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decode(expected, response.rawPayload)).toBe(BIG_HTML);
  });

  it('an image is sent as it is: it is compressed already', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/photo-abc.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });
});
