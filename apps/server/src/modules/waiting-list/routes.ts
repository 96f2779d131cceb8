import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { EventGrant } from '../../lib/access/index.js';
import { addRoute } from '../../lib/route.js';
import { joinWaitingList } from './commands/join-waiting-list.js';
import { leaveWaitingList } from './commands/leave-waiting-list.js';
import { offerByHand } from './commands/offer-by-hand.js';
import { removeWaitingListEntry } from './commands/remove-entry.js';
import { updateWaitingListSettings } from './commands/update-settings.js';
import type { WaitingListDeps } from './deps.js';
import { waitingListEntryList } from './queries/entry-list.js';
import { getWaitingListEntry } from './queries/entry-view.js';
import { waitingListCsv } from './queries/export.js';
import { waitingListSummary } from './queries/summary.js';

/**
 * Waiting lists (docs/waiting-list.md): buyer calls opened by the entry's token; organizer calls whose
 * declaration resolved the event with `manage`.
 */
export async function waitingListRoutes(app: FastifyInstance, opts: { deps: WaitingListDeps }) {
  const { deps } = opts;
  const grantOf = <T>(event: T | null): T => {
    if (!event) throw new Error('the event rule resolved no event');
    return event;
  };

  addRoute(app, c.joinWaitingList, async ({ body, request }) => ({
    message: c.WAITING_LIST_MESSAGES.joined,
    result: await joinWaitingList(deps, body, request.id),
  }));

  addRoute(app, c.getWaitingListEntry, async ({ query }) => ({
    message: 'Waiting list entry loaded.',
    result: await getWaitingListEntry(deps.db, query.entryId, query.token),
  }));

  addRoute(app, c.leaveWaitingList, async ({ body, request }) => ({
    message: c.WAITING_LIST_MESSAGES.left,
    result: await leaveWaitingList(deps, body.entryId, body.token, request.id),
  }));

  addRoute(app, c.waitingListEntryList, async ({ query }) => ({
    message: 'Waiting list loaded.',
    result: await waitingListEntryList(deps.db, query),
  }));

  addRoute(app, c.waitingListSummary, async ({ query }) => ({
    message: 'Waiting list settings loaded.',
    result: await waitingListSummary(deps.db, query.eventId),
  }));

  addRoute(app, c.updateWaitingListSettings, async ({ actor, body, event }) => ({
    message: body.enabled ? 'The waiting list is on.' : 'The waiting list is off.',
    result: await updateWaitingListSettings(
      deps,
      { actor, event: grantOf(event) },
      { enabled: body.enabled, offerHours: body.offerHours },
    ),
  }));

  addRoute(app, c.offerWaitingListSeats, async ({ actor, body, event }) => {
    const result = await offerByHand(deps, { actor, event: grantOf(event) }, body);
    return { message: c.WAITING_LIST_MESSAGES.offered(result.offeredQuantity), result };
  });

  addRoute(app, c.removeWaitingListEntry, async ({ actor, body, event }) => ({
    message: c.WAITING_LIST_MESSAGES.removed,
    result: await removeWaitingListEntry(deps, { actor, event: grantOf(event) }, body.entryId),
  }));

  // A file, not the envelope: registered by hand with the contract's declaration (like the exports).
  const csv = c.waitingListExport;
  app.route({
    method: csv.method,
    url: csv.path,
    config: { access: csv.access },
    schema: { summary: csv.summary, tags: [csv.tag], querystring: csv.query },
    handler: async (request, reply) => {
      const grant = request.resolved?.event as EventGrant;
      const file = await waitingListCsv(deps.db, grant.event);
      return reply
        .header('content-type', csv.produces[0])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
