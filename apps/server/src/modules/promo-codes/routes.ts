import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EventGrant } from '../../lib/access/index.js';
import { addRoute } from '../../lib/route.js';
import { bulkCreatePromoCodes } from './commands/bulk-create-promo-codes.js';
import { createPromoCode } from './commands/create-promo-code.js';
import { deletePromoCode } from './commands/delete-promo-code.js';
import { updatePromoCode } from './commands/update-promo-code.js';
import { updatePromoCodeStatus } from './commands/update-promo-code-status.js';
import type { PromoCodeDeps } from './deps.js';
import { promoCodeCsv } from './queries/promo-code-csv.js';
import { promoCodeList } from './queries/promo-code-list.js';

/**
 * Promo codes for an event's team (docs/promo-codes.md). Every call's declaration resolved the event
 * with `manage` (owners, administrators, the event's organizers; anyone else 404).
 */
export async function promoCodeRoutes(app: FastifyInstance, opts: { deps: PromoCodeDeps }) {
  const { deps } = opts;

  addRoute(app, c.promoCodeList, async ({ query, event }) => ({
    message: 'Promo codes loaded.',
    result: await promoCodeList(deps.db, event, query),
  }));

  addRoute(app, c.createPromoCode, async ({ actor, body, event }) => ({
    message: c.PROMO_CODE_MESSAGES.created,
    result: await createPromoCode(deps, { actor, event }, body),
  }));

  addRoute(app, c.updatePromoCode, async ({ actor, body, event }) => ({
    message: c.PROMO_CODE_MESSAGES.updated,
    result: await updatePromoCode(deps, { actor, event }, body),
  }));

  addRoute(app, c.updatePromoCodeStatus, async ({ actor, body, event }) => ({
    message: body.status === 'PAUSED' ? 'Promo code paused.' : 'Promo code resumed.',
    result: await updatePromoCodeStatus(deps, { actor, event }, body),
  }));

  addRoute(app, c.deletePromoCode, async ({ actor, body, event }) => ({
    message: c.PROMO_CODE_MESSAGES.deleted,
    result: await deletePromoCode(deps, { actor, event }, body.promoCodeId),
  }));

  addRoute(app, c.bulkCreatePromoCodes, async ({ actor, body, event }) => {
    const result = await bulkCreatePromoCodes(deps, { actor, event }, body);
    return { message: c.PROMO_CODE_MESSAGES.bulkCreated(result.count), result };
  });

  // A file, not the envelope: registered by hand with the contract's declaration (like the QR code).
  const csv = c.exportPromoCodes;
  app.route({
    method: csv.method,
    url: csv.path,
    config: { access: csv.access },
    exposeHeadRoute: false,
    schema: { summary: csv.summary, tags: [csv.tag], querystring: csv.query },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof c.ExportPromoCodesQuery>;
      const grant = request.resolved?.event as EventGrant;
      const file = await promoCodeCsv(deps.db, grant, query.batchId);
      return reply
        .header('content-type', csv.produces[0])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
