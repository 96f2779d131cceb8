import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { RefundedTickets } from '../../refunds/index.js';
import { eventDateIds } from '../queries/event-date.js';
import type { ScanEngine } from '../scan-engine.js';

/**
 * A refund turns tickets away at the door: the door's open screens hear it as they hear a scan (their
 * rows change, the counts are read again). A course ticket has no date of its own, so every date of the
 * event hears it.
 */
export function forwardRefundedTickets(deps: { db: Db; engine: ScanEngine; log: FastifyBaseLogger }) {
  async function forward(change: RefundedTickets) {
    const dated = [...new Set(change.tickets.map((t) => t.occurrenceId))];
    const dates = dated.includes(null) ? await eventDateIds(deps.db, change.eventId) : (dated as string[]);
    const ticketIds = change.tickets.map((t) => t.id);
    for (const occurrenceId of dates) {
      deps.engine.notify({ eventId: change.eventId, occurrenceId, deviceId: null, ticketIds, conflicts: [] });
    }
  }
  return (change: RefundedTickets) => {
    forward(change).catch((error: unknown) =>
      deps.log.warn({ err: error, eventId: change.eventId }, 'check-in live: a refund was not forwarded'),
    );
  };
}
