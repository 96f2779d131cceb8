import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisLink } from '../lib/redis.js';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
type StoreCall = (key: string, done: Done, timeWindow: number, max: number) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Counts in Redis while it answers and in this process while it does not: a Redis outage makes the
 * limits per process for a while instead of failing every limited call with a 500. A call that finds
 * Redis known to be away goes straight to the local counters, without waiting on a retry.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore & { read?: StoreCall },
    private readonly local: FastifyRateLimitStore & { read?: StoreCall },
    private readonly link: RedisLink,
  ) {}

  incr(key: string, done: Done, timeWindow: number, max: number) {
    this.count('incr', key, done, timeWindow, max);
  }

  read(key: string, done: Done, timeWindow: number, max: number) {
    this.count('read', key, done, timeWindow, max);
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.link);
  }

  private count(method: 'incr' | 'read', key: string, done: Done, timeWindow: number, max: number) {
    const local = (this.local[method] as StoreCall).bind(this.local);
    if (!this.link.commands.usable()) return local(key, done, timeWindow, max);
    (this.shared[method] as StoreCall).call(
      this.shared,
      key,
      (error, result) => {
        if (!error) return done(null, result);
        this.link.failed(error);
        local(key, done, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
}

/** @fastify/rate-limit builds its store from its options: a class that closes over the link. */
function fallbackStoreFor(link: RedisLink) {
  return class extends FallbackStore {
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(
          continueExceeding,
          exponentialBackoff,
          link.commands.client,
          `${link.prefix}rate-limit:`,
        ),
        new LocalStore(continueExceeding, exponentialBackoff),
        link,
      );
    }
  };
}

/**
 * Limits are declared per route (sign-in, codes and links). With REDIS_URL the counters are shared, so
 * several API processes behind a load balancer enforce one limit together; while Redis is away each
 * process enforces the limit on its own (lib/redis.ts tells the log).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redis?: RedisLink }) => {
  await app.register(rateLimit, {
    global: false,
    store: opts.redis ? fallbackStoreFor(opts.redis) : undefined,
    skipOnError: false,
  });
});
