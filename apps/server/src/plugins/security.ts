import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `data`: the route answers JSON or a download, never a page (set by `addRoute` and `addFileRoute`),
     * so it is sent the short set of headers that guard data (DATA_ANSWER_HEADERS) instead of a page's.
     */
    answer?: 'data';
  }
}

/** One year, subdomains included: helmet's own default value. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What guards an answer that is data, not a page (OWASP's REST Security Cheat Sheet): no sniffing it
 * into a page, no framing, no reading it from another origin, no referrer, and a policy under which it
 * can load and run nothing if opened as a document. A page's script, style, image and isolation
 * policies say nothing to a JSON answer and cost every call about 700 bytes.
 */
const DATA_ANSWER_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/**
 * Security headers (helmet). The console is built with no inline script, so scripts come from our own
 * origin only; Mantine sets inline styles, hence 'unsafe-inline' for styles alone. The headers are worked
 * out once, here: @fastify/helmet built helmet's middleware again on every request (a few per cent of a
 * door scan's CPU).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets a page compile WebAssembly from our own files (the door's QR reader),
        // and nothing else: eval and inline scripts stay forbidden.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...opts.config.apiOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...opts.config.apiOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, over HTTPS only: browsers ignore it over plain HTTP, and saying it there claims a
    // promise this server (reached without TLS) is not keeping.
    strictTransportSecurity: false,
  });
  const page = headersOf(setSecurityHeaders);
  const sets = {
    page: { http: page, https: { ...page, 'strict-transport-security': HSTS } },
    data: { http: DATA_ANSWER_HEADERS, https: { ...DATA_ANSWER_HEADERS, 'strict-transport-security': HSTS } },
  };
  // One synchronous hook: an async one costs a promise on every call.
  app.addHook('onRequest', (request, reply, done) => {
    const set = request.routeOptions.config.answer === 'data' ? sets.data : sets.page;
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on, so a client cannot fake it.
    reply.headers(request.protocol === 'https' ? set.https : set.http);
    done();
  });
});

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers helmet sets, read once from a response that records them: with these options they are the
 * same on every answer (no nonce), so each request copies them instead of running helmet's dozen
 * middlewares, and a route may still replace one (the payment sandbox's pages set their own policy).
 */
function headersOf(middleware: HelmetMiddleware): Record<string, string> {
  const recorded: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete recorded[name.toLowerCase()];
    },
  };
  let failed: unknown;
  middleware({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return recorded;
}
