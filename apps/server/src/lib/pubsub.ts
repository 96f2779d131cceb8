import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisLink } from './redis.js';

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

/**
 * Redis: the link's command connection publishes, a connection of its own subscribes (a subscribed
 * connection can do nothing else). Channels carry the link's prefix (REDIS_KEY_PREFIX) so that other
 * users of the same Redis, another installation included, are not heard. ioredis reconnects and subscribes again by itself after a dropped connection.
 *
 * Redis is a help, not a need (lib/redis.ts): while it is away a message is delivered to this
 * process's own subscribers, subscribing succeeds in this process alone (the channel is subscribed in
 * Redis once it is back), and nothing fails. Around an outage a message may so arrive twice; what is
 * published is a hint or a complete state, so twice does no harm.
 */
export function createRedisPubSub(link: RedisLink, log?: FastifyBaseLogger): PubSub {
  const { prefix } = link;
  const publisher = link.commands;
  const subscriber = link.open();
  const subscribers = registry();
  const ready = new Map<string, Promise<unknown>>();
  subscriber.client.on('message', (channel: string, message: string) => {
    const handlers = subscribers.channels.get(channel.slice(prefix.length));
    if (handlers) deliver(handlers, message, log);
  });
  // Channels first subscribed while Redis was away are subscribed there once it is back.
  subscriber.client.on('ready', () => {
    const channels = [...subscribers.channels.keys()].map((channel) => prefix + channel);
    if (channels.length > 0) subscriber.client.subscribe(...channels).catch((error) => link.failed(error));
  });

  /** Subscribes in Redis when it is there; a failure leaves the channel to the 'ready' handler above. */
  async function subscribeInRedis(channel: string) {
    if (!subscriber.usable()) return;
    await subscriber.client.subscribe(prefix + channel).catch((error) => link.failed(error));
  }

  return {
    async publish(channel, message) {
      // This process's subscribers do not hear Redis now: they hear the message from here.
      const handlers = subscribers.channels.get(channel);
      if (handlers && !subscriber.up()) setImmediate(() => deliver(handlers, message, log));
      if (!publisher.usable()) return;
      await publisher.client.publish(prefix + channel, message).catch((error) => link.failed(error));
    },
    async subscribe(channel, handler) {
      // The channel's first handler subscribes; later ones wait for that same subscription.
      if (subscribers.add(channel, handler)) ready.set(channel, subscribeInRedis(channel));
      await ready.get(channel);
      return async () => {
        if (!subscribers.remove(channel, handler)) return;
        ready.delete(channel);
        if (!subscriber.usable()) return;
        // Commands on one connection run in order: a later SUBSCRIBE of the channel is not undone by this.
        await subscriber.client.unsubscribe(prefix + channel).catch(() => undefined);
      };
    },
    async close() {
      subscribers.channels.clear();
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
export const pubsubPlugin = fp(async (app: FastifyInstance, opts: { redis?: RedisLink }) => {
  const pubsub = opts.redis ? createRedisPubSub(opts.redis, app.log) : createMemoryPubSub(app.log);
  app.decorate('pubsub', pubsub);
  app.addHook('onClose', async () => pubsub.close());
});
