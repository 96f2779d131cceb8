import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { addRoute } from '../../lib/route.js';
import { completeEndedEvents } from './completion.js';
import { createEventList } from './event-list.js';
import { createLifecycleService } from './lifecycle.service.js';
import { createModerationService } from './moderation.service.js';
import { createTeamService } from './team.service.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Managing events: the console's list, what may be done to an event, visibility, moderation, archive,
 * delete, cancel, and the team per event (docs/events.md). Authoring (create, edit, drafts)
 * lives in its own routes. Each call's access declaration resolved the event(s) before the handler;
 * the services lock and re-check inside their unit of work.
 */
export async function manageRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock }) {
  const { db, clock } = opts;
  const deps = { db, clock, log: app.log };
  const list = createEventList(db);
  const moderation = createModerationService(deps);
  const lifecycle = createLifecycleService(deps);
  const team = createTeamService(deps);

  addRoute(app, c.panelOrganizerEventList, async ({ actor, query }) => {
    const now = clock.now();
    await completeEndedEvents(db, now);
    return { message: 'Events loaded.', result: await list(actor, query, now) };
  });
  addRoute(app, c.checkEventEditDeleteAvailability, async ({ actor, query }) => ({
    message: 'Availability loaded.',
    result: await lifecycle.availability(actor, query.eventId),
  }));
  addRoute(app, c.updateEventStatus, async ({ actor, body }) => {
    const result = await lifecycle.setVisibility(actor, body.eventId, body.visibility);
    return { message: `"${result.title}" is now ${result.visibility.toLowerCase()}.`, result };
  });
  addRoute(app, c.organizerPanelEventAction, async ({ actor, body }) => {
    const result = await moderation.apply(actor, body.eventIds, body.action, body.reasonId);
    const message =
      body.action === 'DELETE'
        ? `${plural(result.deleted, 'event')} deleted.`
        : `${plural(result.updated, 'event')} updated.`;
    return { message, result };
  });
  addRoute(app, c.deleteEvent, async ({ actor, body, event }) => {
    await moderation.remove(actor, body.eventId);
    return { message: `"${event.event.title}" deleted.`, result: null };
  });
  addRoute(app, c.archiveEvent, async ({ actor, body }) => {
    const updated = await moderation.archive(actor, body.eventIds, body.archived);
    return {
      message: `${plural(updated, 'event')} ${body.archived ? 'archived' : 'brought back'}.`,
      result: { updated },
    };
  });
  addRoute(app, c.cancelEvent, async ({ actor, body }) => {
    const result = await lifecycle.cancel(actor, body);
    return { message: `"${result.title}" cancelled. Ticket sales have stopped.`, result };
  });

  addRoute(app, c.updateOrganizerAndScanners, async ({ actor, body }) => ({
    message: 'Event team saved.',
    result: await team.replace(actor, body),
  }));
  addRoute(app, c.getEventOrganizers, async ({ query }) => ({
    message: 'Organizers loaded.',
    result: await team.teamOf(query.eventId, 'EVENT_ORGANIZER'),
  }));
  addRoute(app, c.getTicketScanners, async ({ query }) => ({
    message: 'Scanners loaded.',
    result: await team.teamOf(query.eventId, 'SCANNER'),
  }));
  addRoute(app, c.favoriteUserEventList, async ({ query }) => ({
    message: 'Events loaded.',
    result: await team.memberEvents(query),
  }));
  addRoute(app, c.unlinkUserFromEvent, async ({ actor, body }) => {
    await team.unlink(actor, body);
    return { message: 'Member taken off the event.', result: null };
  });
}
