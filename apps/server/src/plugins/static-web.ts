import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { PublicEvent, SocialLoginProviderInfo } from '@marquee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml, jsonForHtml } from '../lib/templates.js';
import { loginPageSender } from './login-page.js';

const brotli = promisify(zlib.brotliCompress);
type DoneWith = (error: Error | null, payload: unknown) => void;
const gzip = promisify(zlib.gzip);

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
      .map(([route, files]) => [
        route,
        files
          .map((f) =>
            // A screen's stylesheet: its chunk waits for it before the screen renders.
            f.endsWith('.css')
              ? `<${f}>; rel=preload; as=style; fetchpriority=low`
              : `<${f}>; rel=modulepreload; fetchpriority=low`,
          )
          .join(', '),
      ]),
  );
}

/**
 * Screens the web build renders to HTML beforehand (apps/web/scripts/prerender.mjs), by path: their page
 * is sent instead of index.html, so the screen paints before the console's JavaScript has run; the
 * console then takes over. Only those the build wrote.
 */
const PRERENDERED_PAGES: Record<string, string> = { '/login': 'login.html' };

function prerenderedPages(root: string): Map<string, string> {
  return new Map(Object.entries(PRERENDERED_PAGES).filter(([, file]) => existsSync(path.join(root, file))));
}

/** What the console's server-side renderer (apps/web/src/app/prerender.tsx, built into dist/ssr/) gives. */
interface RenderedPage {
  title: string | null;
  body: string;
  queries: [readonly unknown[], unknown][];
}
interface ConsoleRenderer {
  renderPublicEventPage(event: PublicEvent): Promise<RenderedPage | null>;
}
/** An event's page as rendered, with its compressed copies once asked for. */
interface RenderedEventPage {
  /** Until then it is sent without reading the event. */
  expires: number;
  /** Until then it is sent again, without rendering, while the event answers the same. */
  reusableUntil: number;
  /** A digest of the event's answer it was rendered from. */
  source: string;
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}
/** How long a rendered event page is sent again, and how many are kept (see `renderedPage`). */
const RENDERED_PAGE_MS = 5_000;
const RENDERED_PAGES_KEPT = 500;
/**
 * How long the page of an event whose answer has not changed is sent again instead of rendered again.
 * What it shows that depends on the time alone (a date just past) may be that old in the HTML; the
 * console takes over within a second or two and shows it as of now.
 */
const UNCHANGED_PAGE_MS = 60_000;

const digestOf = (event: PublicEvent) => createHash('sha256').update(JSON.stringify(event)).digest('base64');

/** The renderer's folder: the server's, never sent to a browser. */
const SSR_DIR = 'ssr';

/** An event's description for a link preview: one line, at most about 200 characters. */
function previewText(text: string) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197).trimEnd()}…` : line;
}

/**
 * The page for an event's public address: the web build's page template (ssr/page.html: index.html with
 * the console's scripts at low priority) with the rendered page in #root, its title, link-preview tags
 * (Open Graph, Twitter) and the event's answer as a data block (`marquee-queries`, which main.tsx puts
 * in the query cache). Every value from the event is escaped.
 */
export function publicEventHtml(template: string, page: RenderedPage, event: PublicEvent, publicUrl: string) {
  const title = page.title ?? `${event.title} · Marquee`;
  const description = previewText(event.description) || `Tickets for ${event.title}`;
  const url = `${publicUrl}/e/${encodeURIComponent(event.slug)}`;
  const meta: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Marquee'],
    ['property', 'og:title', event.title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ...(event.image
      ? [['property', 'og:image', `${publicUrl}${event.image}`] as [string, string, string]]
      : []),
    ['name', 'twitter:card', event.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', event.title],
    ['name', 'twitter:description', description],
  ];
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...meta.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
  return template
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.body}</div>\n    <script type="application/json" id="marquee-queries">${jsonForHtml(page.queries)}</script>`,
    );
}

export interface StaticWebOptions {
  root: string;
  /** The console's address, for the absolute links of a link preview. */
  publicUrl?: string;
  /**
   * An event's public page by its slug, id or former slug (the booking module's public-event-detail
   * read), null for none: with it, /e/<slug> is sent rendered (see `publicEventHtml`).
   */
  publicEventPage?: (ref: string) => Promise<PublicEvent | null>;
  /** The social login providers this server offers, written into the sign-in page (login-page.ts). */
  socialLoginProviders?: () => SocialLoginProviderInfo[];
}

/**
 * Serves the built console at `/`: a GET of a file under the folder sends it; any other GET outside
 * `/api` answers index.html, so the console's own router handles deep links such as /dashboard.
 *
 * Pre-compressed (docs/performance.md, "Console on the wire and cold mobile"): `npm run build` leaves a
 * brotli (.br) and a gzip (.gz) copy beside every text file above 1 KB (apps/web/scripts/precompress.mjs);
 * the copy the request's `accept-encoding` prefers is sent as it is, with `content-encoding` and
 * `Vary: accept-encoding` (index.html for deep links too), the plain file otherwise. Nothing is
 * compressed per request but an event's public page, which is made per request.
 *
 * Rendered pages (docs/performance.md): /login is sent as the web build rendered it (login.html), and
 * /e/<slug> rendered per request (`publicEventHtml`), so both paint before the console's JavaScript runs.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: StaticWebOptions) => {
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
  const prerendered = prerenderedPages(root);
  const loginFile = prerendered.get('/login');
  const sendLoginPage = loginFile
    ? loginPageSender(
        readFileSync(path.join(root, loginFile), 'utf8'),
        opts.socialLoginProviders ?? (() => []),
      )
    : undefined;
  const rendererFile = path.join(root, SSR_DIR, 'prerender.mjs');
  // The page a rendered screen goes into (the web build's, beside its renderer), else index.html.
  const templateFile = path.join(root, SSR_DIR, 'page.html');
  const template = readFileSync(
    existsSync(templateFile) ? templateFile : path.join(root, 'index.html'),
    'utf8',
  );
  // The whole console (~1.5 MB): not loaded before the server is up (see onListen below).
  let renderer: Promise<ConsoleRenderer> | undefined;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<ConsoleRenderer>;
    return renderer;
  };
  // Loaded a little after start rather than by the first buyer (its import takes a few hundred ms).
  if (opts.publicEventPage && existsSync(rendererFile))
    app.addHook('onListen', async () => {
      setTimeout(() => void loadRenderer().catch(() => {}), 2000).unref();
    });

  /**
   * Rendered event pages, a few seconds each (by address): an on-sale rush renders and compresses a
   * page once per period rather than once per buyer (~30 ms of CPU each). What is left may be that old
   * in the HTML; the console asks for it again as soon as it takes over the page. After those seconds
   * the event is read again, and rendered again only when its answer changed (or after
   * `UNCHANGED_PAGE_MS`): rendering blocks the server's event loop for 30–130 ms, and a page rendered
   * at each visit paints later on a phone (docs/performance.md, "The fourteenth round").
   */
  const rendered = new Map<string, RenderedEventPage>();
  const renderedPage = async (request: FastifyRequest, ref: string, event: PublicEvent) => {
    const source = digestOf(event);
    const now = Date.now();
    const kept = rendered.get(ref);
    if (kept && kept.source === source && kept.reusableUntil > now) {
      kept.expires = now + RENDERED_PAGE_MS;
      return kept;
    }
    let page: RenderedPage | null = null;
    try {
      page = await (await loadRenderer()).renderPublicEventPage(event);
    } catch (error) {
      request.log.error({ err: error }, 'rendering the event page failed; the browser builds it');
    }
    if (!page) return null;
    const html = Buffer.from(publicEventHtml(template, page, event, opts.publicUrl ?? ''));
    const entry: RenderedEventPage = {
      expires: Date.now() + RENDERED_PAGE_MS,
      reusableUntil: Date.now() + UNCHANGED_PAGE_MS,
      source,
      html,
    };
    if (rendered.size >= RENDERED_PAGES_KEPT) {
      for (const [key, old] of rendered) if (old.expires <= Date.now()) rendered.delete(key);
      if (rendered.size >= RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value ?? '');
    }
    rendered.set(ref, entry);
    return entry;
  };

  /**
   * /e/<slug>: the event's page rendered, or the console's 404 for an event there is none of; an id or
   * a former slug is sent on to the current address. False: not an event's page, or nothing to render
   * it with (the console then builds the page in the browser as before). True once an answer is on its
   * way; never the reply itself, which is thenable: awaiting it would wait for the answer to finish and
   * give back undefined, and the caller would send a second answer.
   */
  const sendPublicEventPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
  ): Promise<boolean> => {
    const match = /^\/e\/([^/]+)$/.exec(url);
    if (!match?.[1] || !opts.publicEventPage || !existsSync(rendererFile)) return false;
    let ref: string;
    try {
      ref = decodeURIComponent(match[1]);
    } catch {
      return false;
    }
    reply.header('cache-control', 'no-cache');
    let page = rendered.get(ref);
    if (!page || page.expires <= Date.now()) {
      const event = await opts.publicEventPage(ref);
      if (!event) {
        reply.status(404).sendFile('index.html');
        return true;
      }
      const search = request.url.slice(url.length);
      if (event.slug !== ref) {
        reply.redirect(`/e/${encodeURIComponent(event.slug)}${search}`, 302);
        return true;
      }
      const made = await renderedPage(request, ref, event);
      if (!made) {
        reply.sendFile('index.html');
        return true;
      }
      page = made;
    }
    const preload = preloads.get('/e/:event');
    if (preload) reply.header('link', preload);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    // Made here, so compressed here, quickly (a few kB instead of ~40), once per rendering.
    if (/\bbr\b/.test(accepts)) {
      page.br ??= await brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      reply.header('content-encoding', 'br').send(page.br);
    } else if (/\bgzip\b/.test(accepts)) {
      page.gzip ??= await gzip(page.html);
      reply.header('content-encoding', 'gzip').send(page.gzip);
    } else reply.send(page.html);
    return true;
  };
  // On this route only (every console file is sent by it), so no API call runs it.
  const assetHeaders = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneWith) => {
    if (request.url.startsWith(ASSETS_PREFIX) && reply.statusCode < 400) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    done(null, payload);
  };
  app.get('/*', { onSend: assetHeaders }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ message: `No API call GET ${url}.` });
    }
    const file = path.join(root, path.normalize(url));
    if (isSourceMap(url) || path.relative(root, file).split(path.sep)[0] === SSR_DIR)
      return reply.status(404).send({ message: 'File not found.' });
    if (await sendPublicEventPage(request, reply, url)) return reply;
    if (file.startsWith(root) && path.extname(url) && existsSync(file))
      return reply.sendFile(path.relative(root, file));
    if (path.extname(url) && !url.endsWith('.html'))
      return reply.status(404).send({ message: 'File not found.' });
    reply.header('cache-control', 'no-cache');
    const preload = preloads.get(url);
    if (preload) reply.header('link', preload);
    if (url === '/login' && sendLoginPage) return sendLoginPage(request, reply);
    return reply.sendFile(prerendered.get(url) ?? 'index.html');
  });
});
