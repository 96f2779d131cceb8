import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEvent, insertOrganization } from '../../test/event-fixtures.js';
import { clientHeaders, createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import { events } from '../db/schema/index.js';

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
  // What the web build's prerender step leaves (apps/web/scripts/prerender.mjs): the sign-in screen's
  // page and the server's renderer, which is never sent.
  await fs.writeFile(
    path.join(webDir, 'login.html'),
    '<!doctype html><html><head><title>Sign in · Marquee</title></head><body><div id="root"></div></body></html>',
  );
  await fs.mkdir(path.join(webDir, 'ssr'));
  await fs.writeFile(path.join(webDir, 'ssr', 'prerender.mjs'), 'export const secret = 1;\n');
  // What the web build writes for the login route (apps/web/bundle-report.ts).
  await fs.writeFile(
    path.join(webDir, 'route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/LoginPage-abc.js', '/assets/Input-abc.js'],
      '/dashboard': ['/assets/DashboardPage-abc.js', '/assets/DashboardPage-abc.css'],
    }),
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

  it("names a route's chunks in a preload header on that route only, its stylesheets as styles", async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard' });
    expect(login.headers.link).toBe(
      '</assets/LoginPage-abc.js>; rel=modulepreload; fetchpriority=low, </assets/Input-abc.js>; rel=modulepreload; fetchpriority=low',
    );
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard?period=LAST_7_DAYS' });
    expect(dashboard.headers.link).toBe(
      '</assets/DashboardPage-abc.js>; rel=modulepreload; fetchpriority=low, </assets/DashboardPage-abc.css>; rel=preload; as=style; fetchpriority=low',
    );
    const orders = await t.app.inject({ method: 'GET', url: '/orders' });
    expect(orders.headers.link).toBeUndefined();
  });

  it('sends the sign-in screen rendered beforehand for /login, with its preload header', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Sign in · Marquee</title>');
    expect(login.headers['content-security-policy']).toContain("script-src 'self'");
    expect(login.headers['cache-control']).toBe('no-cache');
  });

  it('writes the social login providers into the sign-in page: none here, in every encoding', async () => {
    const block = '<script type="application/json" id="marquee-social-providers">[]</script>';
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.body).toContain(block);
    expect(plain.body.indexOf(block)).toBeLessThan(plain.body.indexOf('</body>'));
    const br = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('lists the configured providers in the sign-in page, as the providers call answers them', async () => {
    const google = {
      id: 'google' as const,
      issuer: 'https://accounts.example.com',
      clientId: 'google-client',
      clientSecret: 'google-secret',
      scope: 'openid email profile',
      responseMode: 'query' as const,
    };
    const withGoogle = await createTestApp({
      config: {
        env: 'production',
        webDistDir: webDir,
        social: { publicUrl: 'https://tickets.example.com', providers: [google] },
      },
    });
    try {
      const page = await withGoogle.app.inject({ method: 'GET', url: '/login' });
      const list = /id="marquee-social-providers">([^<]*)<\/script>/.exec(page.body)?.[1];
      const call = await withGoogle.app.inject({
        method: 'GET',
        url: '/api/v1/user/social-login-providers',
        headers: clientHeaders(),
      });
      expect(JSON.parse(list ?? 'null')).toEqual(call.json().result);
      expect(JSON.parse(list ?? 'null')).toEqual([
        { id: 'google', name: 'Google', startPath: '/api/v1/user/social/google/start' },
      ]);
    } finally {
      await withGoogle.close();
    }
  });

  it("never serves the server's renderer, however the path is spelled", async () => {
    for (const url of ['/ssr/prerender.mjs', '/assets/../ssr/prerender.mjs', '/ssr/', '/ssr']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('secret');
      expect(response.statusCode, url).toBe(404);
    }
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

/**
 * An event's public page (/e/<slug>): the server renders it with the console's renderer (here a stand-in
 * with the renderer's shape, which echoes the event as React would leave it: escaped) and puts the
 * event's title, link-preview tags and answer into the page, escaped.
 */
describe("an event's public page, rendered by the server", () => {
  let e: TestApp;
  let dir: string;
  const HOSTILE = '</script><script>alert("x")</script> & <b>Jazz</b>';
  let slugs: { published: string; draft: string; hostile: string; id: string };
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-web-'));
    await fs.mkdir(path.join(dir, 'ssr'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Marquee</title>');
    await fs.writeFile(
      path.join(dir, 'ssr', 'page.html'),
      '<!doctype html>\n<html lang="en" data-mantine-color-scheme="light">\n  <head>\n    <meta name="description" content="Marquee organizer and admin console" />\n    <title>Marquee</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
    );
    await fs.writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/login': [], '/e/:event': ['/assets/PublicEventPage-abc.js'] }),
    );
    await fs.writeFile(
      path.join(dir, 'ssr', 'prerender.mjs'),
      `const esc = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export async function renderPublicEventPage(event) {
  globalThis.eventPageRenders = (globalThis.eventPageRenders ?? 0) + 1;
  return {
    title: event.title + ' · Marquee',
    body: '<main><h1>' + esc(event.title) + '</h1></main>',
    queries: [[['public-event', 'detail', { event: event.slug }], event]],
  };
}
`,
    );
    e = await createTestApp({
      config: { env: 'production', webDistDir: dir, publicUrl: 'https://tickets.example' },
      logger: { level: 'info', stream: logStream },
    });
    const owner = await createUser(e);
    const organization = await insertOrganization(e.db, owner.id);
    const published = await insertEvent(e.db, {
      organizationId: organization.id,
      title: 'Harbour Jazz',
      values: { slug: 'harbour-jazz' },
    });
    await insertEvent(e.db, {
      organizationId: organization.id,
      title: 'Not yet',
      status: 'DRAFT',
      values: { slug: 'not-yet' },
    });
    await insertEvent(e.db, {
      organizationId: organization.id,
      title: HOSTILE,
      values: { slug: 'hostile', description: `Line one\n${HOSTILE}` },
    });
    slugs = { published: 'harbour-jazz', draft: 'not-yet', hostile: 'hostile', id: published.event.id };
  });
  afterAll(async () => {
    await e.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    e.app.inject({ method: 'GET', url, headers });

  it('sends the page rendered, with its title, link-preview tags, answer and preloads', async () => {
    const response = await page(`/e/${slugs.published}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers.link).toBe(
      '</assets/PublicEventPage-abc.js>; rel=modulepreload; fetchpriority=low',
    );
    const html = response.body;
    expect(html).toContain('<div id="root"><main><h1>Harbour Jazz</h1></main></div>');
    expect(html).toContain('<title>Harbour Jazz · Marquee</title>');
    expect(html).toContain('<meta property="og:title" content="Harbour Jazz" />');
    expect(html).toContain('<meta property="og:url" content="https://tickets.example/e/harbour-jazz" />');
    expect(html).toContain('<meta name="description" content="An event made by a test fixture." />');
    expect(html).not.toContain('Marquee organizer and admin console');
    // The answer the console starts from: what public-event-detail answers.
    const block = /<script type="application\/json" id="marquee-queries">([^<]*)<\/script>/.exec(html);
    const [[key, data]] = JSON.parse(block?.[1] ?? '[]');
    expect(key).toEqual(['public-event', 'detail', { event: 'harbour-jazz' }]);
    expect(data).toMatchObject({ _id: slugs.id, slug: 'harbour-jazz', title: 'Harbour Jazz' });
  });

  it('answers each request once: the page, a missing event and a move send nothing after their answer', async () => {
    logLines.length = 0;
    const answers = await Promise.all([
      page(`/e/${slugs.published}`),
      page(`/e/${slugs.published}`, { 'accept-encoding': 'br' }),
      page('/e/no-such-event'),
      page(`/e/${slugs.id}`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 302]);
    // A handler that answered and then fell through to the console's index.html tried a second answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.filter((line) => line.includes('already sent'))).toEqual([]);
  });

  it('escapes what the organizer wrote: a title cannot end the data block or add a script or a tag', async () => {
    const response = await page(`/e/${slugs.hostile}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The only scripts are the data block (the page's own module scripts come from the template).
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<b>Jazz');
    expect(html).toContain(
      '<title>&#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;Jazz&#60;/b&#62; · Marquee</title>',
    );
    expect(html).toContain(
      '<meta property="og:title" content="&#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;Jazz&#60;/b&#62;" />',
    );
    // One line for the preview, escaped too.
    expect(html).toContain('<meta name="description" content="Line one &#60;/script&#62;');
    const block = /<script type="application\/json" id="marquee-queries">([^<]*)<\/script>/.exec(html);
    expect(block?.[1]).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(block?.[1] ?? '[]')[0][1].title).toBe(HOSTILE);
  });

  it("answers the console's 404 page for an unknown address and for an event not published", async () => {
    for (const ref of ['no-such-event', slugs.draft, '00000000-0000-4000-8000-000000000000']) {
      const response = await page(`/e/${ref}`);
      expect(response.statusCode, ref).toBe(404);
      expect(response.body, ref).toContain('<title>Marquee</title>');
      expect(response.body, ref).not.toContain('Not yet');
      expect(response.body, ref).not.toContain('marquee-queries');
    }
  });

  it('sends an id or a former address on to the current one, with its query', async () => {
    const response = await page(`/e/${slugs.id}?ref=mail`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/e/harbour-jazz?ref=mail');
  });

  it('compresses the page it makes for the browser that accepts it', async () => {
    const br = await page(`/e/${slugs.published}`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Harbour Jazz</h1>');
    const gz = await page(`/e/${slugs.published}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<h1>Harbour Jazz</h1>');
  });

  it('renders an unchanged event again only after a minute, a changed one at its next read', async () => {
    const owner = await createUser(e);
    const organization = await insertOrganization(e.db, owner.id);
    const made = await insertEvent(e.db, {
      organizationId: organization.id,
      title: 'Quiet Quartet',
      values: { slug: 'quiet-quartet' },
    });
    const renders = () => (globalThis as { eventPageRenders?: number }).eventPageRenders ?? 0;
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = renders();
      const first = await page('/e/quiet-quartet');
      expect(first.body).toContain('<h1>Quiet Quartet</h1>');
      expect(renders()).toBe(before + 1);
      // Past the few seconds a page is sent without reading the event: read again, the same, not rendered.
      later(6_000);
      const same = await page('/e/quiet-quartet');
      expect(same.body).toBe(first.body);
      expect(renders()).toBe(before + 1);
      // The organizer renamed it: the next read sees it, and the page is rendered again.
      await e.db.update(events).set({ title: 'Quiet Quintet' }).where(eq(events.id, made.event.id));
      later(6_000);
      const renamed = await page('/e/quiet-quartet');
      expect(renamed.body).toContain('<h1>Quiet Quintet</h1>');
      expect(renamed.body).toContain('<title>Quiet Quintet · Marquee</title>');
      expect(renders()).toBe(before + 2);
      // Unchanged, but a minute on: rendered again (what depends on the time alone is as of now).
      later(61_000);
      expect((await page('/e/quiet-quartet')).statusCode).toBe(200);
      expect(renders()).toBe(before + 3);
      // An event taken off sale answers 404 at its next read, whatever page was kept.
      await e.db.update(events).set({ status: 'DRAFT' }).where(eq(events.id, made.event.id));
      later(6_000);
      expect((await page('/e/quiet-quartet')).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the preview and the booking pages to the console', async () => {
    for (const url of [`/e/preview/${slugs.id}`, `/e/${slugs.published}/booking/x?token=y`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Marquee</title>');
    }
  });
});
