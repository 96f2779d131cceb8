import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/access/index.js';
import { addRoute } from '../../lib/route.js';
import type { AuthoringService } from './authoring.service.js';

/** Creating, editing and drafting events, and what the event form needs (docs/events.md, "Authoring"). */
export async function authoringRoutes(app: FastifyInstance, opts: { authoring: AuthoringService }) {
  const { authoring } = opts;
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
      const result = await authoring.create(who(ctx), kind, ctx.body);
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
      const result = await authoring.update(who(ctx), kind, ctx.body);
      return { message: `"${result.title}" is saved.`, result };
    });
  }
  addRoute(app, c.saveAsDraft, async (ctx) => {
    const result = await authoring.saveDraft(who(ctx), ctx.body);
    return { message: `Draft "${result.title}" saved.`, result };
  });
  addRoute(app, c.removeFromDraft, async (ctx) => {
    const result = await authoring.publishDraft(who(ctx), ctx.body.eventId);
    return { message: `"${result.title}" is published.`, result };
  });
  addRoute(app, c.checkEventTitleDuplicacy, async ({ query }) => {
    const result = await authoring.checkTitle(query.organizationId, query.title, query.eventId);
    return {
      message: result.duplicate
        ? c.DUPLICATE_TITLE_MESSAGE
        : 'No other event of this organization has this title.',
      result,
    };
  });
  addRoute(app, c.eventDropDownValues, async ({ actor }) => ({
    message: 'Form values loaded.',
    result: await authoring.dropDowns(actor),
  }));
  addRoute(app, c.timeZoneForLocation, async ({ query }) => ({
    message: 'Time zone found.',
    result: authoring.timeZone(query.latitude, query.longitude),
  }));
  addRoute(app, c.calculateServiceFee, async ({ grant, body }) => ({
    message: 'Service fee calculated.',
    result: await authoring.quote(grant.organization, body.items),
  }));
  addRoute(app, c.panelOrganizerEventDetail, async ({ event }) => ({
    message: 'Event loaded.',
    result: await authoring.detail(event),
  }));
  addRoute(app, c.partiallyEventDetail, async ({ event }) => ({
    message: 'Event loaded.',
    result: await authoring.header(event),
  }));
}
