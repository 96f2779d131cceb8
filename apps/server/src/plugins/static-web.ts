import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Source maps would hand out the console's source. The production build emits none
 * (apps/web/vite.config.ts), and a map left in the folder by another build is never served either:
 * the development server (Vite) is where maps belong.
 */
const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');

/**
 * Headers that only mean something on a document (the policy, framing, referrer and isolation rules
 * apply to the page that loads a script, not to the script) or to a request worth tracing. A
 * fingerprinted asset goes without them: the login page loads some forty files, and these were two
 * thirds of each file's headers (docs/performance.md, "Console on the wire and cold mobile").
 * `nosniff` and the resource policy stay: they do apply to scripts and styles.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  // The file never changes under its name: the etag alone answers a revalidation.
  'last-modified',
];
const ASSETS_PREFIX = '/assets/';

/**
 * The `Link` header that has the browser fetch a route's lazy chunks together with the entry (the web
 * build's route-preloads.json, apps/web/bundle-report.ts), by path; none when the build wrote no list.
 * Without it the login screen's chunks were asked for only once the entry had run, and the screen
 * painted about a second after the first paint on a throttled phone (docs/performance.md).
 */
function routePreloadHeaders(root: string): Map<string, string> {
  const file = path.join(root, 'route-preloads.json');
  if (!existsSync(file)) return new Map();
  const lists = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(lists)
      .filter(([, files]) => files.length > 0)
      .map(([route, files]) => [route, files.map((f) => `<${f}>; rel=modulepreload`).join(', ')]),
  );
}

/**
 * Serves the built console at `/`: a GET of a file under the folder sends it; any other GET outside
 * `/api` answers index.html, so the console's own router handles deep links such as /dashboard.
 *
 * Pre-compressed (docs/performance.md, "Console on the wire and cold mobile"): `npm run build` leaves a
 * brotli (.br) and a gzip (.gz) copy beside every text file above 1 KB (apps/web/scripts/precompress.mjs);
 * the copy the request's `accept-encoding` prefers is sent as it is, with `content-encoding` and
 * `Vary: accept-encoding` (index.html for deep links too), the plain file otherwise. Nothing is
 * compressed per request.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(
      `The console is not built (${root}/index.html is missing): run "npm run build". The API still works.`,
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // No route per file: registering one (with its HEAD) for each of the console's ~700 files and
    // compressed copies cost most of a second at start. The one handler below sends them all.
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/, so those files never change under the same name.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const preloads = routePreloadHeaders(root);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(ASSETS_PREFIX) && reply.statusCode < 400) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ message: `No API call GET ${url}.` });
    }
    if (isSourceMap(url)) return reply.status(404).send({ message: 'File not found.' });
    const file = path.join(root, path.normalize(url));
    if (file.startsWith(root) && path.extname(url) && existsSync(file))
      return reply.sendFile(path.relative(root, file));
    if (path.extname(url) && !url.endsWith('.html'))
      return reply.status(404).send({ message: 'File not found.' });
    reply.header('cache-control', 'no-cache');
    const preload = preloads.get(url);
    if (preload) reply.header('link', preload);
    return reply.sendFile('index.html');
  });
});
