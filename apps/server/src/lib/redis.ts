import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** While Redis stays away, the log is reminded at most this often (the first line comes at once). */
export const OUTAGE_REMINDER_MS = 60_000;
/** How long a readiness check waits for Redis to answer PING. */
const PING_WAIT_MS = 1_000;
/** How long closing waits for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_WAIT_MS = 1_000;

/** One connection to Redis and what this process knows of it. */
export interface RedisConnection {
  client: Redis;
  /**
   * False while Redis is known to be away (a connection error or a dropped connection, until it is
   * ready again): callers use their in-process fallback at once instead of queueing behind a retry.
   * True while connecting for the first time, so the first calls wait for the connection.
   */
  usable(): boolean;
  /** Connected and ready for commands. */
  up(): boolean;
}

/**
 * Redis as this process uses it (REDIS_URL): a connection for commands (rate-limit counters, publish,
 * readiness PING) and, for the pub/sub, one per subscriber. Redis is a help, not a need: every user has
 * an in-process fallback, so an outage never fails a call. The outage is told to the log once, then
 * at most once every OUTAGE_REMINDER_MS while it lasts, and once more when Redis is back; ioredis
 * goes on reconnecting by itself meanwhile.
 */
export interface RedisLink {
  /**
   * Before every key and channel this process uses (REDIS_KEY_PREFIX, default `marquee:`), so that
   * installations sharing one Redis (staging and production) never count or hear each other's.
   */
  prefix: string;
  commands: RedisConnection;
  /** A further connection (a subscribed connection can do nothing else), watched like the others. */
  open(): RedisConnection;
  /** Reports a failed command: the same throttled warning as a connection error. */
  failed(error: unknown): void;
  /** Whether Redis answers PING now (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'marquee:';

export function createRedisLink(
  url: string,
  log?: FastifyBaseLogger,
  prefix = DEFAULT_REDIS_KEY_PREFIX,
): RedisLink {
  // Required here, where REDIS_URL is set, not at every start (docs/performance.md, "Warm start").
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const outage = outageLog(log);
  const connections: Redis[] = [];
  // Closing drops the connections on purpose: nothing to warn about, nothing more to send.
  let closing = false;

  function open(): RedisConnection {
    const client = new RedisClient(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    connections.push(client);
    let state: 'connecting' | 'up' | 'down' = 'connecting';
    client.on('ready', () => {
      state = 'up';
      outage.back();
    });
    // Without a listener an 'error' event would end the process; ioredis retries on its own.
    client.on('error', (error) => {
      state = 'down';
      if (!closing) outage.away(error);
    });
    client.on('close', () => {
      if (state === 'up') state = 'down';
    });
    return { client, usable: () => !closing && state !== 'down', up: () => !closing && state === 'up' };
  }

  const commands = open();
  return {
    prefix,
    commands,
    open,
    failed: (error) => {
      if (!closing) outage.away(error);
    },
    async ping() {
      if (!commands.up()) return false;
      const timer = new Promise<false>((resolve) => setTimeout(resolve, PING_WAIT_MS, false).unref());
      const answer = commands.client.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      return Promise.race([answer, timer]);
    },
    async close() {
      closing = true;
      await Promise.all(connections.map(quit));
    },
  };
}

async function quit(connection: Redis) {
  const timer = new Promise<void>((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref());
  await Promise.race([connection.quit().catch(() => undefined), timer]);
  connection.disconnect();
}

/** One warning when Redis goes away, a reminder at most every OUTAGE_REMINDER_MS, one line when it is back. */
function outageLog(log?: FastifyBaseLogger) {
  let awaySince: number | null = null;
  let lastWarning = 0;
  return {
    away(error: unknown) {
      const now = Date.now();
      if (awaySince === null) {
        awaySince = now;
        lastWarning = now;
        log?.warn(
          { err: error },
          'Redis is unreachable: rate limits count in this process only and live check-in reaches only screens connected to this process, until it is back',
        );
      } else if (now - lastWarning >= OUTAGE_REMINDER_MS) {
        lastWarning = now;
        log?.warn(
          { err: error, awayForSeconds: Math.round((now - awaySince) / 1000) },
          'Redis is still unreachable: rate limits and live check-in stay within this process',
        );
      }
    },
    back() {
      if (awaySince === null) return;
      awaySince = null;
      log?.info('Redis is reachable again: rate limits and live check-in are shared again');
    },
  };
}
