import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../../lib/access/index.js';
import { addRoute } from '../../../lib/route.js';
import { createEvent } from '../commands/create-event.js';
import type { EventsDeps } from '../commands/deps.js';
import { publishDraft } from '../commands/publish-draft.js';
import { saveDraft } from '../commands/save-draft.js';
import { updateEvent } from '../commands/update-event.js';
import { eventHeader } from '../event-header.js';
import { currentGrant } from '../queries/current-grant.js';
import { loadEventDetail } from '../queries/event-detail.js';
import { eventFormData } from '../queries/form-data.js';
import { quoteServiceFee } from '../queries/service-fee-quote.js';
import { timeZoneForLocation } from '../queries/time-zone-for-location.js';
import { checkEventTitle } from '../queries/title-check.js';

/** Creating, editing and drafting events, and what the event form needs (docs/events.md, "Authoring"). */
export async function authoringRoutes(app: FastifyInstance, deps: EventsDeps) {
  const { db, clock } = deps;
  const who = (ctx: { actor: Actor; request: { id: string } }) => ({
    actor: ctx.actor,
    requestId: ctx.request.id,
  });

  const creates = [
    [c.createSingleEvent, 'SINGLE'],
    [c.createMultipleEvent, 'MULTI'],
    [c.createClassCreator, 'CLASS'],
  ] as const;
  for (const [route, kind] of creates) {
    addRoute(app, route, async (ctx) => {
      const result = await createEvent(deps, who(ctx), ctx.grant, kind, ctx.body);
      return { message: `"${result.title}" is published.`, result };
    });
  }
  const updates = [
    [c.updateSingleEvent, 'SINGLE'],
    [c.updateMultiEvent, 'MULTI'],
    [c.updateClassCreator, 'CLASS'],
  ] as const;
  for (const [route, kind] of updates) {
    addRoute(app, route, async (ctx) => {
      const result = await updateEvent(deps, who(ctx), ctx.event, kind, ctx.body);
      return { message: `"${result.title}" is saved.`, result };
    });
  }
  addRoute(app, c.saveAsDraft, async (ctx) => {
    const result = await saveDraft(deps, who(ctx), ctx.grant, ctx.body);
    return { message: `Draft "${result.title}" saved.`, result };
  });
  addRoute(app, c.removeFromDraft, async (ctx) => {
    const result = await publishDraft(deps, who(ctx), ctx.event);
    return { message: `"${result.title}" is published.`, result };
  });
  addRoute(app, c.checkEventTitleDuplicacy, async ({ query }) => {
    const result = await checkEventTitle(db, query.organizationId, query.title, query.eventId);
    return {
      message: result.duplicate
        ? c.DUPLICATE_TITLE_MESSAGE
        : 'No other event of this organization has this title.',
      result,
    };
  });
  addRoute(app, c.eventDropDownValues, async ({ actor }) => ({
    message: 'Form values loaded.',
    result: await eventFormData(db, actor, deps.config.imageLimit),
  }));
  addRoute(app, c.timeZoneForLocation, async ({ query }) => ({
    message: 'Time zone found.',
    result: timeZoneForLocation(query.latitude, query.longitude),
  }));
  addRoute(app, c.calculateServiceFee, async ({ grant, body }) => ({
    message: 'Service fee calculated.',
    result: await quoteServiceFee(db, deps.config.serviceFee, grant.organization, body.items),
  }));
  // An event whose last date ended reads COMPLETED, as in the list.
  addRoute(app, c.panelOrganizerEventDetail, async ({ event }) => {
    const current = await currentGrant(db, event, clock.now());
    return {
      message: 'Event loaded.',
      result: await loadEventDetail(db, current.event, current.organization, current.role),
    };
  });
  addRoute(app, c.partiallyEventDetail, async ({ event }) => ({
    message: 'Event loaded.',
    result: eventHeader(await currentGrant(db, event, clock.now())),
  }));
}
