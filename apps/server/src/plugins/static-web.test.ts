import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

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
