import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/** A request slower than this is logged whatever the level (warn). */
export const SLOW_REQUEST_MS = 1000;

/**
 * Quiet request logs: Fastify's "incoming request" / "request completed" pair (info) is held back to
 * warn, so a terminal shows what matters: errors (5xx, logged by the errors plugin) and slow requests.
 * LOG_LEVEL=debug or trace brings every request back.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  if (opts.config.logLevel === 'debug' || opts.config.logLevel === 'trace') return;
  // Routes registered after this hook (all of them: the plugin is registered before any route) keep
  // their own level when they set one.
  app.addHook('onRoute', (route) => {
    route.logLevel ||= 'warn';
  });
  app.addHook('onResponse', (request, reply, done) => {
    done();
    if (reply.elapsedTime < SLOW_REQUEST_MS) return;
    request.log.warn(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'slow request',
    );
  });
});
