import type { CheckInLiveMessage } from '@marquee/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { PubSub } from '../../../lib/pubsub.js';
import { readCounts } from '../queries/counts.js';
import type { CheckInChange, ScanEngine } from '../scan-engine.js';

/** The channel of one event's check-in: every message of every date goes there. */
export const checkInChannel = (eventId: string) => `checkin:${eventId}`;

/** Counts of a busy date are read and sent at most this often per process (a door scans many a second). */
export const COUNTS_INTERVAL_MS = 300;
/**
 * And at most once per this many times the last reading took: counting a date reads each of its tickets
 * (half a second for 70,000 here), and read back to back it took a core of PostgreSQL from the scans.
 * So counting takes at most a twentieth of one connection's time; a small date still gets every 300 ms.
 */
export const COUNTS_DUTY_FACTOR = 20;

/**
 * Turns the scan engine's changes into live messages (docs/check-in.md, "Live counts and pub/sub"):
 * `tickets-changed` at once (the changes of one turn of the event loop in one message per date, so a
 * batch of scans is one message) and `conflict` at once; `counts` for the dates that changed, read at most every
 * COUNTS_INTERVAL_MS whatever the number of scans, so a busy door costs one count query per date per
 * interval. Messages go through the pub/sub, so screens connected to any process hear them.
 */
export function createLivePublisher(deps: {
  db: Db;
  clock: Clock;
  pubsub: PubSub;
  engine: ScanEngine;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const interval = deps.intervalMs ?? COUNTS_INTERVAL_MS;
  const dirty = new Map<string, { eventId: string; occurrenceId: string }>();
  let timer: NodeJS.Timeout | null = null;
  let lastRun = 0;
  let gap = interval;
  let flushing = false;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  async function publish(eventId: string, message: CheckInLiveMessage) {
    try {
      await deps.pubsub.publish(checkInChannel(eventId), JSON.stringify(message));
    } catch (error) {
      // Screens catch up on their next counts or reconnect; a scan is never failed by this.
      deps.log.warn({ err: error, eventId }, 'check-in live: a message was not published');
    }
  }

  async function publishConflicts(change: CheckInChange) {
    for (const outcome of change.conflicts) {
      await publish(change.eventId, {
        type: 'conflict',
        occurrenceId: change.occurrenceId,
        scanId: outcome.scanId,
        ticket: outcome.ticket,
        deviceId: change.deviceId,
        scannedAt: outcome.scannedAt,
        previous: outcome.previous,
      });
    }
  }

  async function flush() {
    flushing = true;
    lastRun = Date.now();
    const dates = [...dirty.values()];
    dirty.clear();
    for (const date of dates) {
      try {
        const counts = await readCounts(deps.db, date.eventId, date.occurrenceId, deps.clock.now());
        await publish(date.eventId, { type: 'counts', counts });
      } catch (error) {
        deps.log.warn({ err: error, ...date }, 'check-in live: counts were not read');
      }
    }
    // The next reading waits longer when this one was slow (COUNTS_DUTY_FACTOR).
    gap = Math.max(interval, COUNTS_DUTY_FACTOR * (Date.now() - lastRun));
    flushing = false;
    if (dirty.size > 0) schedule();
  }

  function schedule() {
    // One flush at a time: changes during a flush are counted by the next, a gap after it.
    if (timer || flushing || closed) return;
    const wait = Math.max(0, lastRun + gap - Date.now());
    timer = setTimeout(() => {
      timer = null;
      running = running.then(flush);
    }, wait);
  }

  /** Tickets changed in this turn of the event loop, per date: one message per date, not one per scan. */
  const changed = new Map<string, { eventId: string; occurrenceId: string; ticketIds: string[] }>();

  function publishChanged() {
    const dates = [...changed.values()];
    changed.clear();
    for (const date of dates) {
      void publish(date.eventId, {
        type: 'tickets-changed',
        occurrenceId: date.occurrenceId,
        ticketIds: date.ticketIds,
      });
    }
  }

  function onChange(change: CheckInChange) {
    if (closed) return;
    if (change.ticketIds.length > 0) {
      const key = `${change.eventId}/${change.occurrenceId}`;
      const date = changed.get(key);
      if (date) date.ticketIds.push(...change.ticketIds);
      else {
        if (changed.size === 0) setImmediate(publishChanged);
        changed.set(key, {
          eventId: change.eventId,
          occurrenceId: change.occurrenceId,
          ticketIds: [...change.ticketIds],
        });
      }
      dirty.set(key, { eventId: change.eventId, occurrenceId: change.occurrenceId });
      schedule();
    }
    if (change.conflicts.length > 0) {
      publishConflicts(change).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'check-in live: conflicts were not published'),
      );
    }
  }

  const stopListening = deps.engine.onChange(onChange);

  return {
    /** Stops listening; counts already due are still sent (the pub/sub closes after this). */
    async close() {
      if (closed) return;
      closed = true;
      stopListening();
      publishChanged();
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await running;
      if (dirty.size > 0) await flush();
    },
  };
}
