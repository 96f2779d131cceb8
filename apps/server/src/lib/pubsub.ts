import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

export type MessageHandler = (message: string) => void;
/** Stops one subscription; the channel is left when its last handler goes. */
export type Unsubscribe = () => Promise<void>;

/**
 * Messages between the API processes (live check-in counts for now). In one process messages stay in
 * memory; with REDIS_URL every process publishes to and hears from Redis, so a scan on one process
 * reaches screens connected to another. Delivery is at most once: a subscriber that was not listening
 * misses the message, so what is published is either a hint to reload or a complete state.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live: a message published after that is heard. */
  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** A handler's trouble (a closed stream) never stops the others from hearing the message. */
function deliver(handlers: Iterable<MessageHandler>, message: string, log?: FastifyBaseLogger) {
  for (const handler of [...handlers]) {
    try {
      handler(message);
    } catch (error) {
      log?.warn({ err: error }, 'a pub/sub handler failed');
    }
  }
}

/** Handlers by channel, shared by both implementations. */
function registry() {
  const channels = new Map<string, Set<MessageHandler>>();
  return {
    channels,
    /** Adds a handler; true when it is the channel's first. */
    add(channel: string, handler: MessageHandler): boolean {
      const set = channels.get(channel) ?? new Set<MessageHandler>();
      set.add(handler);
      channels.set(channel, set);
      return set.size === 1;
    },
    /** Removes a handler; true when the channel has none left. */
    remove(channel: string, handler: MessageHandler): boolean {
      const set = channels.get(channel);
      if (!set?.delete(handler)) return false;
      if (set.size > 0) return false;
      channels.delete(channel);
      return true;
    },
  };
}

/** One process: messages are delivered in memory, after the publisher's own code has run on. */
export function createMemoryPubSub(log?: FastifyBaseLogger): PubSub {
  const subscribers = registry();
  let closed = false;
  return {
    async publish(channel, message) {
      if (closed) return;
      const handlers = subscribers.channels.get(channel);
      if (!handlers) return;
      // Asynchronous like Redis: a publisher never runs its subscribers' code inside its own call.
      setImmediate(() => deliver(handlers, message, log));
    },
    async subscribe(channel, handler) {
      subscribers.add(channel, handler);
      return async () => void subscribers.remove(channel, handler);
    },
    async close() {
      closed = true;
      subscribers.channels.clear();
    },
  };
}

/** How long closing waits for Redis to acknowledge QUIT before dropping the connections. */
const QUIT_WAIT_MS = 1_000;

/**
 * Redis: one connection publishes, another subscribes (a subscribed connection can do nothing else).
 * Channels are prefixed so that other users of the same Redis are not heard. ioredis reconnects and
 * subscribes again by itself after a dropped connection.
 */
export function createRedisPubSub(url: string, log?: FastifyBaseLogger, prefix = 'marquee:'): PubSub {
  const options = { connectTimeout: 2_000, maxRetriesPerRequest: 1 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const connection of [publisher, subscriber]) {
    // Without a listener an 'error' event would end the process; ioredis retries on its own.
    connection.on('error', (error) => log?.warn({ err: error }, 'pub/sub: Redis connection error'));
  }
  const subscribers = registry();
  const ready = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, message: string) => {
    const handlers = subscribers.channels.get(channel.slice(prefix.length));
    if (handlers) deliver(handlers, message, log);
  });

  async function quit(connection: Redis) {
    const timer = new Promise<void>((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref());
    await Promise.race([connection.quit().catch(() => undefined), timer]);
    connection.disconnect();
  }

  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      // The channel's first handler subscribes; later ones wait for that same subscription.
      if (subscribers.add(channel, handler)) ready.set(channel, subscriber.subscribe(prefix + channel));
      try {
        await ready.get(channel);
      } catch (error) {
        if (subscribers.remove(channel, handler)) ready.delete(channel);
        throw error;
      }
      return async () => {
        if (!subscribers.remove(channel, handler)) return;
        ready.delete(channel);
        // Commands on one connection run in order: a later SUBSCRIBE of the channel is not undone by this.
        await subscriber.unsubscribe(prefix + channel).catch(() => undefined);
      };
    },
    async close() {
      subscribers.channels.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages between API processes (lib/pubsub.ts): Redis when REDIS_URL is set, else in memory. */
    pubsub: PubSub;
  }
}

/** `app.pubsub` for every module, closed with the app (after the routes that use it have stopped). */
export const pubsubPlugin = fp(async (app: FastifyInstance, opts: { config: Pick<Config, 'redisUrl'> }) => {
  const pubsub = opts.config.redisUrl
    ? createRedisPubSub(opts.config.redisUrl, app.log)
    : createMemoryPubSub(app.log);
  app.decorate('pubsub', pubsub);
  app.addHook('onClose', async () => pubsub.close());
});
