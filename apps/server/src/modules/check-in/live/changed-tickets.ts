import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';

/** Tickets of one event that came or went (sold, refunded); a course ticket (no date) concerns every date. */
interface ChangedTickets {
  eventId: string;
  tickets: { id: string; occurrenceId: string | null }[];
}

import { eventDateIds } from '../queries/event-date.js';
import type { ScanEngine } from '../scan-engine.js';

/**
 * A refund turns tickets away at the door, and a confirmed order adds some: the door's open screens hear
 * it as they hear a scan (their rows change, the counts, "sold" too, are read again). A course ticket has
 * no date of its own, so every date of the event hears it.
 */
export function forwardChangedTickets(
  deps: { db: Db; engine: ScanEngine; log: FastifyBaseLogger },
  what: 'a refund' | 'a sale',
) {
  async function forward(change: ChangedTickets) {
    const dated = [...new Set(change.tickets.map((t) => t.occurrenceId))];
    const dates = dated.includes(null) ? await eventDateIds(deps.db, change.eventId) : (dated as string[]);
    const ticketIds = change.tickets.map((t) => t.id);
    for (const occurrenceId of dates) {
      deps.engine.notify({ eventId: change.eventId, occurrenceId, deviceId: null, ticketIds, conflicts: [] });
    }
  }
  return (change: ChangedTickets) => {
    forward(change).catch((error: unknown) =>
      deps.log.warn({ err: error, eventId: change.eventId }, `check-in live: ${what} was not forwarded`),
    );
  };
}
