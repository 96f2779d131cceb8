import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EventGrant } from '../../lib/access/index.js';
import { addRoute } from '../../lib/route.js';
import type { Selling } from './checkout.js';
import { previewEvent } from './queries/preview-event.js';
import { eventQrFile } from './share-link.js';

/**
 * Sharing an event, for its team (docs/events.md, "Sharing an event"): the QR code of its public link
 * and the preview of its public page. Both name the event by id; the access declarations (contract,
 * share.ts) answer 404 for an event the caller may not see.
 */
export async function shareRoutes(app: FastifyInstance, opts: { selling: Selling }) {
  const { selling } = opts;

  addRoute(app, c.previewEvent, async ({ event }) => {
    const result = await previewEvent(selling, event.event, selling.clock.now());
    return { message: result.title, result };
  });

  // A file, not the envelope: registered by hand with the contract's declaration (like the exports).
  const qr = c.eventQrCode;
  app.route({
    method: qr.method,
    url: qr.path,
    config: { access: qr.access },
    schema: { summary: qr.summary, tags: [qr.tag], querystring: qr.query },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof c.EventQrQuery>;
      const grant = request.resolved?.event as EventGrant;
      const file = await eventQrFile(selling.publicUrl, grant.event, query.format, query.size);
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `${query.download === '1' ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
        )
        .header('cache-control', 'private, no-cache')
        .send(file.body);
    },
  });
}
