import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import { assignEventTeam } from '../commands/assign-event-team.js';
import type { EventsDeps } from '../commands/deps.js';
import { unlinkEventMember } from '../commands/unlink-event-member.js';
import { eventTeamOf, memberEvents } from '../queries/event-team.js';

/** The team per event: organizers and scanners, and a member's events (docs/events.md). */
export async function teamRoutes(app: FastifyInstance, deps: EventsDeps) {
  const { db, unitOfWork } = deps;

  addRoute(app, c.updateOrganizerAndScanners, async ({ actor, body, event }) => ({
    message: 'Event team saved.',
    result: await assignEventTeam(unitOfWork, actor, event, body),
  }));
  addRoute(app, c.getEventOrganizers, async ({ query }) => ({
    message: 'Organizers loaded.',
    result: await eventTeamOf(db, query.eventId, 'EVENT_ORGANIZER'),
  }));
  addRoute(app, c.getTicketScanners, async ({ query }) => ({
    message: 'Scanners loaded.',
    result: await eventTeamOf(db, query.eventId, 'SCANNER'),
  }));
  addRoute(app, c.favoriteUserEventList, async ({ query }) => ({
    message: 'Events loaded.',
    result: await memberEvents(db, query),
  }));
  addRoute(app, c.unlinkUserFromEvent, async ({ actor, body, event }) => {
    await unlinkEventMember(unitOfWork, actor, event, body.memberId);
    return { message: 'Member taken off the event.', result: null };
  });
}
