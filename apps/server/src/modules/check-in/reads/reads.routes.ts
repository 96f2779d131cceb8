import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addRoute } from '../../../lib/route.js';
import { requireEventDate } from '../event-date.js';
import { checkInAttendees } from './attendee-list.js';
import { readCounts } from './counts.js';
import { checkInEvents } from './event-list.js';
import { historyExportRoute } from './history-export.route.js';
import { offlineTickets } from './offline-list.js';
import { createScanHistory } from './scan-history.js';

/**
 * The check-in screen's reads (docs/check-in.md, "Reads" and "Scan history and export"). Each call but
 * the event list names its event, which its access declaration resolved at `scan` level before the
 * handler (owners, administrators, the event's organizers and scanners; anyone else 404); a date must
 * be one of that event's (400 otherwise).
 */
export async function readRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  const scanHistory = createScanHistory(db);

  addRoute(app, c.checkInEventList, async ({ actor, query }) => {
    const result = await checkInEvents(db, actor, query, clock.now());
    return { message: result.length ? 'Events loaded.' : 'No events to check in.', result };
  });

  addRoute(app, c.checkInCounts, async ({ query }) => {
    await requireEventDate(db, query.eventId, query.occurrenceId);
    return {
      message: 'Counts loaded.',
      result: await readCounts(db, query.eventId, query.occurrenceId, clock.now()),
    };
  });

  addRoute(app, c.checkInAttendeeList, async ({ query }) => {
    await requireEventDate(db, query.eventId, query.occurrenceId);
    return { message: 'Attendees loaded.', result: await checkInAttendees(db, query) };
  });

  addRoute(app, c.checkInOfflineList, async ({ query }) => {
    await requireEventDate(db, query.eventId, query.occurrenceId);
    const generatedAt = clock.now().toISOString();
    const tickets = await offlineTickets(db, query.eventId, query.occurrenceId);
    return {
      message: `${tickets.length} tickets ready for offline check-in.`,
      result: { eventId: query.eventId, occurrenceId: query.occurrenceId, generatedAt, tickets },
    };
  });

  addRoute(app, c.getScanHistory, async ({ query, event }) => {
    // A date filter of another event would only match nothing; it is still the caller's mistake.
    if (query.occurrenceId) await requireEventDate(db, query.eventId, query.occurrenceId);
    return {
      message: 'Scan history loaded.',
      result: await scanHistory(query, event.event.timeZone ?? 'UTC'),
    };
  });

  historyExportRoute(app, db, clock);
}
