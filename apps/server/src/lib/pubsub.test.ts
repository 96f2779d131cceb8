import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub.js';
import { createRedisLink } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Collects what a subscription hears; `next` waits for the n-th message. */
function inbox() {
  const messages: string[] = [];
  return {
    messages,
    handler: (message: string) => void messages.push(message),
    async settle(count: number, timeoutMs = 2_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      // A little longer, so a message that should not come has had its chance.
      await new Promise((r) => setTimeout(r, 50));
      return messages;
    },
  };
}

const opened: PubSub[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

/** The same behaviour, whichever implementation: `pair` gives two "processes" sharing messages. */
function behaves(name: string, pair: () => [PubSub, PubSub], skip = false) {
  describe.skipIf(skip)(`${name} pub/sub`, () => {
    it('delivers to every subscriber of the channel, in order, and to no other channel', async () => {
      const [one, two] = pair();
      opened.push(one, two);
      const a = inbox();
      const b = inbox();
      const elsewhere = inbox();
      await one.subscribe('checkin:e1', a.handler);
      await two.subscribe('checkin:e1', b.handler);
      await two.subscribe('checkin:e2', elsewhere.handler);
      await one.publish('checkin:e1', 'first');
      await one.publish('checkin:e1', 'second');
      expect(await a.settle(2)).toEqual(['first', 'second']);
      expect(await b.settle(2)).toEqual(['first', 'second']);
      expect(elsewhere.messages).toEqual([]);
    });

    it('stops after unsubscribe; other handlers of the channel go on hearing', async () => {
      const [one, two] = pair();
      opened.push(one, two);
      const gone = inbox();
      const stays = inbox();
      const stop = await two.subscribe('checkin:e3', gone.handler);
      await two.subscribe('checkin:e3', stays.handler);
      await stop();
      await one.publish('checkin:e3', 'after');
      expect(await stays.settle(1)).toEqual(['after']);
      expect(gone.messages).toEqual([]);
    });

    it('a handler that throws does not keep the message from the others', async () => {
      const [one] = pair();
      opened.push(one);
      const ok = inbox();
      await one.subscribe('checkin:e4', () => {
        throw new Error('a closed stream');
      });
      await one.subscribe('checkin:e4', ok.handler);
      await one.publish('checkin:e4', 'still');
      expect(await ok.settle(1)).toEqual(['still']);
    });
  });
}

behaves('in-memory', () => {
  const one = createMemoryPubSub();
  return [one, one];
});
/** A pub/sub on a Redis link of its own, as each API process has; closing it closes the link too. */
function redisPubSub(url: string): PubSub {
  const link = createRedisLink(url);
  const pubsub = createRedisPubSub(link);
  return { ...pubsub, close: () => pubsub.close().then(() => link.close()) };
}
behaves('Redis', () => [redisPubSub(redisUrl ?? ''), redisPubSub(redisUrl ?? '')], !redisUrl);
// REDIS_URL set and Redis away (a closed port): one process still hears its own messages, nothing throws.
behaves('Redis unreachable (one process)', () => {
  const one = redisPubSub('redis://127.0.0.1:1');
  return [one, one];
});
