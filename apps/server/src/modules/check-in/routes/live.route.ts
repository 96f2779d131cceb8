import { PassThrough } from 'node:stream';
import {
  CHECK_IN_LIVE_PATH,
  type CheckInCounts,
  type CheckInLiveMessage,
  CheckInLiveQuery,
} from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { checkInChannel } from '../live/live-publisher.js';
import { readCounts } from '../queries/counts.js';
import { dateOfEventOrRefuse } from '../queries/event-date.js';

type Query = z.output<typeof CheckInLiveQuery>;

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind is cut off (it reconnects and starts from fresh counts). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a browser waits before reconnecting by itself (the console's fetch reader has its own back-off). */
const RETRY_MS = 3_000;

/** Whether a message of the event's channel is for a screen on `occurrenceId`. Conflicts go to every date. */
function forDate(message: CheckInLiveMessage, occurrenceId: string): boolean {
  if (message.type === 'counts') return message.counts.occurrenceId === occurrenceId;
  if (message.type === 'tickets-changed') return message.occurrenceId === occurrenceId;
  return true;
}

const frame = (message: CheckInLiveMessage) => `data: ${JSON.stringify(message)}\n\n`;

/**
 * GET CHECK_IN_LIVE_PATH?eventId&occurrenceId (docs/check-in.md, "Live counts and pub/sub"): server-sent
 * events of one date's check-in. Registered by hand (the answer is a stream, not the JSON envelope),
 * with the same client credentials, session and access rule as the other check-in calls: the event at
 * `scan` level, anyone else 404. On connect the date's counts, then every message of the event's
 * channel for this date, and a heartbeat comment every HEARTBEAT_MS. Open streams are ended when the
 * app closes, so closing never waits on a screen left open.
 */
export function liveRoute(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  const open = new Set<() => void>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of [...open]) end();
  });

  app.get(
    CHECK_IN_LIVE_PATH,
    {
      config: { access: { event: 'scan', from: 'query.eventId' } },
      exposeHeadRoute: false,
      schema: {
        summary:
          "Server-sent events of one date's check-in: counts on connect and after scans, changes, conflicts",
        tags: ['Check-in'],
        querystring: CheckInLiveQuery,
      },
    },
    async (request, reply) => {
      const { eventId, occurrenceId } = request.query as Query;
      await dateOfEventOrRefuse(db, eventId, occurrenceId);

      const output = new PassThrough();
      let ended = false;
      let first: CheckInCounts | null = null;
      const early: CheckInLiveMessage[] = [];
      const write = (text: string) => {
        if (ended) return;
        if (output.writableLength > MAX_BUFFERED_BYTES) return end();
        output.write(text);
      };
      const onMessage = (raw: string) => {
        let message: CheckInLiveMessage;
        try {
          message = JSON.parse(raw) as CheckInLiveMessage;
        } catch {
          return;
        }
        if (!forDate(message, occurrenceId)) return;
        if (first) write(frame(message));
        else early.push(message);
      };
      // Subscribed before the counts are read: nothing published after that read can be missed.
      const unsubscribe = await app.pubsub.subscribe(checkInChannel(eventId), onMessage);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        open.delete(end);
        void unsubscribe().catch(() => undefined);
        output.end();
      }
      open.add(end);
      // The client went away (or the answer finished): stop listening for it.
      reply.raw.once('close', end);

      try {
        first = await readCounts(db, eventId, occurrenceId, clock.now());
      } catch (error) {
        end();
        throw error;
      }
      write(`retry: ${RETRY_MS}\n\n`);
      write(frame({ type: 'counts', counts: first }));
      const since = first.at;
      // Heard while the first counts were read: changes are passed on, counts only when newer.
      for (const message of early.splice(0))
        if (message.type !== 'counts' || message.counts.at > since) write(frame(message));
      if (closing) end();

      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(output);
    },
  );
}
