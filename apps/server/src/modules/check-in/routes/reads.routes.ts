import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addRoute } from '../../../lib/route.js';
import { checkInAttendees } from '../queries/attendee-list.js';
import { countsOfDate } from '../queries/counts.js';
import { checkInEvents } from '../queries/event-list.js';
import { offlineTickets } from '../queries/offline-list.js';
import { createScanHistory } from '../queries/scan-history.js';
import { historyExportRoute } from './history-export.route.js';

/**
 * The check-in screen's reads (docs/check-in.md, "Reads" and "Scan history and export"). Each call but
 * the event list names its event, which its access declaration resolved at `scan` level before the
 * handler (owners, administrators, the event's organizers and scanners; anyone else 404); a date must
 * be one of that event's (400 otherwise, checked by each query).
 */
export async function readRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  const scanHistory = createScanHistory(db);

  addRoute(app, c.checkInEventList, async ({ actor, query }) => {
    const result = await checkInEvents(db, actor, query, clock.now());
    return { message: result.length ? 'Events loaded.' : 'No events to check in.', result };
  });

  addRoute(app, c.checkInCounts, async ({ query }) => ({
    message: 'Counts loaded.',
    result: await countsOfDate(db, query.eventId, query.occurrenceId, clock.now()),
  }));

  addRoute(app, c.checkInAttendeeList, async ({ query }) => ({
    message: 'Attendees loaded.',
    result: await checkInAttendees(db, query),
  }));

  addRoute(app, c.checkInOfflineList, async ({ query }) => {
    // Taken before the tickets are read: whatever changes after it, the device hears of later.
    const generatedAt = clock.now().toISOString();
    const tickets = await offlineTickets(db, query.eventId, query.occurrenceId);
    return {
      message: `${tickets.length} tickets ready for offline check-in.`,
      result: { eventId: query.eventId, occurrenceId: query.occurrenceId, generatedAt, tickets },
    };
  });

  addRoute(app, c.getScanHistory, async ({ query, event }) => ({
    message: 'Scan history loaded.',
    result: await scanHistory(query, event.event.timeZone ?? 'UTC'),
  }));

  historyExportRoute(app, db, clock);
}
