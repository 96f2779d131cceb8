import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { METRICS_SCRAPE } from '../lib/access/index.js';
import { AppError } from '../lib/errors.js';
import type { createMetrics } from '../lib/metrics.js';

export const METRICS_PATH = '/api/metrics';

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics (docs/operations.md, "Metrics"): every answered request counted by its route
 * pattern (never the raw URL, whose ids would make a series per call), and `GET /api/metrics` for the
 * scraper. It is on the API's own port, refused (401) without the bearer token METRICS_TOKEN; without
 * that variable neither the counting nor the route exists (404).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: ReturnType<typeof createMetrics>; token: string }) => {
    const { metrics, token } = opts;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? '(no route)';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    app.get(METRICS_PATH, { config: METRICS_SCRAPE }, async (request, reply) => {
      if (!bearerMatches(request, token))
        throw new AppError(401, 'The metrics need the bearer token set in METRICS_TOKEN.', undefined, {
          'www-authenticate': 'Bearer',
        });
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
);
