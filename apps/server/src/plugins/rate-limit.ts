import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * Limits are declared per route (login for now). With REDIS_URL the counters are shared, so several
 * API processes behind a load balancer enforce one limit together.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const redis = opts.config.redisUrl
    ? new Redis(opts.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'marquee-rate-limit-',
    skipOnError: false,
  });
});
