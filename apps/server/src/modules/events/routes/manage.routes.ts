import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import { cancelEvent } from '../commands/cancel-event.js';
import type { EventsDeps } from '../commands/deps.js';
import { moderateEvents } from '../commands/moderate-events.js';
import { setEventVisibility } from '../commands/set-event-visibility.js';
import { eventAvailability } from '../queries/availability.js';
import { createEventList } from '../queries/event-list.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Managing events: the console's list, what may be done to an event, visibility, moderation, archive,
 * delete and cancel (docs/events.md). Each call's access declaration resolved the event(s) before the
 * handler; the commands lock and re-check inside their unit of work.
 */
export async function manageRoutes(app: FastifyInstance, deps: EventsDeps) {
  const { db, clock, unitOfWork } = deps;
  const list = createEventList(db);

  addRoute(app, c.panelOrganizerEventList, async ({ actor, query }) => ({
    message: 'Events loaded.',
    result: await list(actor, query, clock.now()),
  }));
  addRoute(app, c.checkEventEditDeleteAvailability, async ({ event }) => ({
    message: 'Availability loaded.',
    result: await eventAvailability(db, event, clock.now()),
  }));
  addRoute(app, c.updateEventStatus, async ({ actor, body, event }) => {
    const result = await setEventVisibility(unitOfWork, actor, event, body.visibility);
    return { message: `"${result.title}" is now ${result.visibility.toLowerCase()}.`, result };
  });
  addRoute(app, c.organizerPanelEventAction, async ({ actor, body, events }) => {
    const result = await moderateEvents(deps, actor, events, body.action, body.reasonId);
    const message =
      body.action === 'DELETE'
        ? `${plural(result.deleted, 'event')} deleted.`
        : `${plural(result.updated, 'event')} updated.`;
    return { message, result };
  });
  addRoute(app, c.deleteEvent, async ({ actor, event }) => {
    await moderateEvents(deps, actor, [event], 'DELETE');
    return { message: `"${event.event.title}" deleted.`, result: null };
  });
  addRoute(app, c.archiveEvent, async ({ actor, body, events }) => {
    const { updated } = await moderateEvents(deps, actor, events, body.archived ? 'ARCHIVE' : 'UNARCHIVE');
    return {
      message: `${plural(updated, 'event')} ${body.archived ? 'archived' : 'brought back'}.`,
      result: { updated },
    };
  });
  addRoute(app, c.cancelEvent, async ({ actor, body, event }) => {
    const result = await cancelEvent(deps, actor, event, body);
    return { message: `"${result.title}" cancelled. Ticket sales have stopped.`, result };
  });
}
