import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** One year, subdomains included: helmet's own default value. */
const HSTS = 'max-age=31536000; includeSubDomains';

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
        scriptSrc: ["'self'"],
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
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on, so a client cannot fake it.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
